import Foundation
import Observation
import PlutaryCore

/// Settings: where the data lives, how much there is, the version, and one view model per section.
@MainActor
@Observable
public final class SettingsViewModel {
    public let dataLocation: String
    public let version: String
    public private(set) var receiptCountText = ""
    /// The remote analysis section.
    public let analysis: AnalysisSettingsViewModel
    public let currencies: CurrencySettingsViewModel
    public let ocrLanguages: OCRLanguageSettingsViewModel
    /// The Data group: reset and import.
    public let data: DataSettingsViewModel

    private let receipts: any ReceiptStore
    @ObservationIgnored private let counts = LatestLoad()

    public init(environment: AppEnvironment) {
        dataLocation = environment.dataLocationDescription
        version = environment.version
        receipts = environment.receipts
        analysis = AnalysisSettingsViewModel(environment: environment)
        let center = environment.analysis
        analysis.onChange = { center?.reloadSettings() }
        currencies = CurrencySettingsViewModel(environment: environment)
        ocrLanguages = OCRLanguageSettingsViewModel(environment: environment)
        data = DataSettingsViewModel(environment: environment)
        data.onDataChanged = { [weak self] in self?.loadCount() }
    }

    public func load() {
        loadCount()
        Task { await data.refresh() }
    }

    /// Loads and returns once the receipt count is in.
    public func reload() async {
        load()
        await counts.finish()
    }

    private func loadCount() {
        let receipts = receipts
        counts.start({ try await receipts.count() }) { [weak self] result in
            let count = (try? result.get()) ?? 0
            self?.receiptCountText = String(format: trn("%d receipt stored", "%d receipts stored", count), count)
        }
        Task { await analysis.load() }
        currencies.load()
        Task { await ocrLanguages.load() }
    }
}
