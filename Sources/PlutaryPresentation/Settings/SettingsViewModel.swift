import Foundation
import Observation
import PlutaryCore

/// Settings: for now where the data lives, how much there is, and the version.
@MainActor
@Observable
public final class SettingsViewModel {
    public let dataLocation: String
    public let version: String
    public private(set) var receiptCountText = ""
    /// The remote analysis section.
    public let analysis: AnalysisSettingsViewModel
    public let currencies: CurrencySettingsViewModel

    private let receipts: any ReceiptStore

    public init(environment: AppEnvironment) {
        dataLocation = environment.dataLocationDescription
        version = environment.version
        receipts = environment.receipts
        analysis = AnalysisSettingsViewModel(environment: environment)
        let center = environment.analysis
        analysis.onChange = { center?.reloadSettings() }
        currencies = CurrencySettingsViewModel(environment: environment)
    }

    public func load() {
        let count = (try? receipts.count()) ?? 0
        receiptCountText = String(format: trn("%d receipt stored", "%d receipts stored", count), count)
        Task { await analysis.load() }
        currencies.load()
    }
}
