import Foundation
import GRDB
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
final class RecordingDataNavigator: DataNavigating {
    private(set) var shown: [ExportViewModel] = []
    func showExport(_ viewModel: ExportViewModel) { shown.append(viewModel) }
}

@MainActor
final class DataViewModelTests {
    /// Each test's folders, removed with the test.
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-presentation-\(UUID().uuidString.prefix(8))")

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    private func folder() throws -> URL {
        let url = root.appendingPathComponent(UUID().uuidString.prefix(8).description)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func sample() throws -> AppEnvironment {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        return AppEnvironment.inMemory(database: database, version: "test")
    }

    @Test func exportWritesTheChosenFormatAndSaysWhat() async throws {
        let environment = try sample()
        let viewModel = ExportViewModel(exporter: environment.exporter, scope: .everything)
        await viewModel.reload()
        #expect(viewModel.scopeText == "All 48 receipts")
        viewModel.fileType = .json
        #expect(viewModel.suggestedFileName(today: Date(timeIntervalSince1970: 0)) == "plutary-receipts-1970-01-01.json")
        let url = try folder().appendingPathComponent("out.json")
        await viewModel.export(to: url).value
        #expect(viewModel.state == .finished("Exported 48 receipts to \(url.path)."))
        let document = try ReceiptImporter(database: try AppDatabase.inMemory()).read(url)
        #expect(document.receipts.count == 48)

        viewModel.fileType = .itemsCSV
        viewModel.setDecimalSeparator(.comma)
        #expect(viewModel.delimiter == .semicolon)
        #expect(viewModel.format == .csv(CSVOptions(table: .lineItems, delimiter: .semicolon, decimalSeparator: .comma)))
        viewModel.setDelimiter(.comma)
        #expect(viewModel.decimalSeparator == .point)
        let csv = try folder().appendingPathComponent("items.csv")
        await viewModel.export(to: csv).value
        guard case .finished(let message) = viewModel.state else { Issue.record("not finished: \(viewModel.state)"); return }
        #expect(message.contains("line items"))
        #expect(try String(contentsOf: csv, encoding: .utf8).hasPrefix("receipt_id,date,merchant"))
    }

    @Test func aScopedExportCountsOnlyItsReceipts() async throws {
        let environment = try sample()
        let viewModel = ExportViewModel(exporter: environment.exporter,
                                        scope: ExportScope(search: "costco"))
        viewModel.load()
        #expect(viewModel.receiptCount == nil) // counted off the main actor
        await viewModel.reload()
        #expect(viewModel.receiptCount == 6)
        #expect(viewModel.scopeText == "6 receipts from the current search or selection")
    }

    @Test func aFailedExportShowsWhyAndCancellingWritesNothing() async throws {
        let environment = try sample()
        let viewModel = ExportViewModel(exporter: environment.exporter, scope: .everything)
        await viewModel.export(to: URL(fileURLWithPath: "/nonexistent-folder/x.csv")).value
        #expect(viewModel.isFailure && viewModel.statusText.contains("/nonexistent-folder/x.csv"))

        let big = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 2000).run(into: big)
        let slow = ExportViewModel(exporter: ReceiptExporter(database: big), scope: .everything)
        slow.fileType = .itemsCSV
        let target = try folder()
        let task = slow.export(to: target.appendingPathComponent("items.csv"))
        #expect(slow.isRunning)
        slow.cancel()
        await task.value
        #expect(slow.state == .cancelled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }

    @Test func theCoordinatorShowsTheDialogForTheScopeItIsGiven() async throws {
        let navigator = RecordingDataNavigator()
        let coordinator = ExportCoordinator(environment: try sample(), navigator: navigator)
        coordinator.start(scope: ExportScope(receiptIds: ["00000000-0000-4000-8000-000000000001"]))
        #expect(navigator.shown.count == 1)
        await navigator.shown.first?.reload()
        #expect(navigator.shown.first?.receiptCount == 1)
        navigator.shown.first?.close()
        #expect(coordinator.viewModel == nil)
        coordinator.start()
        await navigator.shown.last?.reload()
        #expect(navigator.shown.last?.scope == .everything && navigator.shown.last?.receiptCount == 48)
    }

    @Test func resetShowsCountsSelectsAllWithEverythingAndReports() async throws {
        let environment = try sample()
        environment.preferences.set(.primaryCurrency, .string("EUR"))
        let viewModel = DataSettingsViewModel(environment: environment)
        await viewModel.refresh()
        // The sample fixture brings 13 months of EUR→CAD and EUR→USD rates.
        #expect(viewModel.choices.map(\.detail) == [
            "48 receipts", "48 receipts", "0 jobs", "26 rates", "1 changed setting", "0 tokens", "all data and 0 image files",
        ])
        #expect(!viewModel.canReset)
        viewModel.setSelected(.everything, true)
        #expect(viewModel.choices.allSatisfy { $0.isSelected })
        #expect(viewModel.choices.filter(\.isEnabled).map(\.category) == [.everything])
        #expect(viewModel.confirmationHeading == "Remove all your data?")
        #expect(viewModel.confirmationBody.hasPrefix("• All receipts: 48 receipts\n• Analysis job history: 0 jobs"))
        #expect(!viewModel.confirmationBody.contains("Sample receipts only"))
        #expect(viewModel.confirmLabel == "_Remove Everything")
        viewModel.setSelected(.everything, false)
        #expect(viewModel.choices.allSatisfy { $0.isEnabled && !$0.isSelected })

        var changed = 0
        viewModel.onDataChanged = { changed += 1 }
        viewModel.setSelected(.fixtureReceipts, true)
        viewModel.setSelected(.preferences, true)
        #expect(viewModel.confirmationBody.hasPrefix("• Sample receipts only: 48 receipts\n• Preferences: 1 changed setting\n"))
        await viewModel.performReset()
        #expect(viewModel.report == ["Sample receipts only: removed 48 receipts", "Preferences: removed 1 changed setting"])
        #expect(!viewModel.reportHasFailure && changed == 1)
        #expect(try await environment.receipts.count() == 0)
        #expect(environment.preferences.string(.primaryCurrency) == "CAD")
        #expect(viewModel.choices.first?.detail == "0 receipts" && viewModel.selection.isEmpty)

        // The settings screen's receipt count follows.
        let settings = SettingsViewModel(environment: environment)
        await settings.reload()
        #expect(settings.receiptCountText == "0 receipts stored")
    }

    @Test func importBackupReadsAnExportAndReportsAFailureWithoutChanges() async throws {
        let source = try sample()
        let url = try folder().appendingPathComponent("backup.json")
        _ = try await source.exporter.export(.json, scope: .everything, to: url)

        let target = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "test")
        let viewModel = DataSettingsViewModel(environment: target)
        await viewModel.importBackup(from: url)
        #expect(viewModel.report == ["Imported 48 new and 0 updated receipts from backup.json."])
        #expect(try await target.receipts.count() == 48)
        #expect(viewModel.choices.first?.detail == "48 receipts")

        let bad = url.deletingLastPathComponent().appendingPathComponent("bad.json")
        try Data(#"{"format":"plutary-receipts","format_version":7,"receipts":[]}"#.utf8).write(to: bad)
        await viewModel.importBackup(from: bad)
        #expect(viewModel.reportHasFailure)
        #expect(viewModel.report.first?.contains("newer Plutary") == true)
        #expect(try await target.receipts.count() == 48)
    }
}
