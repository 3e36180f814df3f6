import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

/// A saved receipt reopened after a remote analysis: what the service read
/// differently is shown beside it, taken field by field or all at once, and
/// only stored when the person saves.
@MainActor
struct RemoteReadingTests {
    private static let saved = ReceiptPayload(
        merchantName: "CORNER BAKERY", purchaseDate: "2026-03-12", currency: "CAD", totalAmount: "7.63", paymentMethod: "VISA",
        notes: "mine",
        lineItems: [LineItemPayload(description: "CROISSANT", total: "2.50")])
    private static let remote = ReceiptPayload(
        merchantName: "Corner Bakery Café", purchaseDate: "2026-03-12", currency: "cad", totalAmount: "7.630", paymentMethod: "Visa",
        category: "Dining",
        notes: "the service's notes are never offered",
        lineItems: [LineItemPayload(description: "Croissant", total: "2.50"), LineItemPayload(description: "Latte", total: "4.25")])

    private func model(remote: ReceiptPayload? = remote) async throws -> (ReviewViewModel, ReceiptRepository, String) {
        let store = try ReceiptRepository(database: AppDatabase.inMemory())
        let id = try await store.save(Self.saved)
        let payload = try #require(try await store.receipt(id: id))
        let viewModel = ReviewViewModel(item: ReviewItem(payload: payload, imagePath: nil, remote: remote), mode: .editing,
                                        store: store, locale: Locale(identifier: "en_US"))
        return (viewModel, store, id)
    }

    @Test func onlyRealDifferencesAreOffered() async throws {
        let (viewModel, _, _) = try await model()
        // Same date, same currency and card in other case, same total in other precision: not differences.
        #expect(viewModel.remoteDifferences.map(\.field) == [.merchantName, .category])
        #expect(viewModel.remoteDifferences.first == RemoteDifference(field: .merchantName, yours: "CORNER BAKERY", theirs: "Corner Bakery Café"))
        #expect(viewModel.remoteDifferences.last?.yours == "")
        #expect(viewModel.remoteItemsText == "The service read 2 items, together CA$6.75.")
        #expect(viewModel.hasRemoteDifferences)
        #expect(!viewModel.isEdited)
    }

    @Test func takingOneValueIsAnEditSavedOnlyWithSave() async throws {
        let (viewModel, store, id) = try await model()
        viewModel.useRemote(.merchantName)
        #expect(viewModel.text(.merchantName) == "Corner Bakery Café")
        #expect(viewModel.remoteDifferences.map(\.field) == [.category])
        #expect(viewModel.isEdited)
        #expect(try await store.receipt(id: id)?.merchantName == "CORNER BAKERY", "nothing is stored before Save")
        await viewModel.save().value
        let stored = try #require(try await store.receipt(id: id))
        #expect(stored.merchantName == "Corner Bakery Café")
        #expect(stored.category == nil && stored.notes == "mine" && stored.lineItems.map(\.description) == ["CROISSANT"])
    }

    @Test func useAllTakesEveryFieldAndTheItems() async throws {
        let (viewModel, store, id) = try await model()
        viewModel.useAllRemote()
        #expect(!viewModel.hasRemoteDifferences)
        #expect(viewModel.remoteItemsText == nil)
        #expect(viewModel.items.map(\.description) == ["Croissant", "Latte"])
        await viewModel.save().value
        let stored = try #require(try await store.receipt(id: id))
        #expect(stored.merchantName == "Corner Bakery Café" && stored.category == "Dining" && stored.notes == "mine")
        #expect(stored.lineItems.map(\.description) == ["Croissant", "Latte"])
    }

    @Test func itemsThatDifferOnlyInCaseOrPrecisionAreTheSame() async throws {
        var remote = Self.remote
        remote.lineItems = [LineItemPayload(description: "croissant ", unitPrice: "2.5", total: "2.5")]
        let (viewModel, _, _) = try await model(remote: remote)
        #expect(viewModel.remoteItemsText == nil)
        remote.lineItems[0].total = "2.55"
        #expect(try await model(remote: remote).0.remoteItemsText == "The service read 1 item, together CA$2.55.")
    }

    @Test func amountsInAnotherCurrencyShowTheirCurrency() async throws {
        var remote = Self.remote
        remote.currency = "USD"
        remote.totalAmount = "5.60"
        let (viewModel, _, _) = try await model(remote: remote)
        let total = try #require(viewModel.remoteDifferences.first { $0.field == .totalAmount })
        #expect(total.yoursShown == "7.63 CAD" && total.theirsShown == "5.60 USD")
        #expect(viewModel.remoteDifferences.first { $0.field == .currency }?.theirsShown == "USD")
        viewModel.useAllRemote()
        #expect(viewModel.text(.currency) == "USD" && viewModel.text(.totalAmount) == "5.60")
    }

    @Test func withoutAReadingThereIsNothingToOffer() async throws {
        let (viewModel, _, _) = try await model(remote: nil)
        #expect(viewModel.remoteDifferences.isEmpty && viewModel.remoteItemsText == nil && !viewModel.hasRemoteDifferences)
    }

    @Test func reopeningAnAnalysedReceiptBringsTheServicesReading() async throws {
        let database = try AppDatabase.inMemory()
        var environment = AppEnvironment.inMemory(database: database, version: "test")
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES ('aa', '/none', 1, '2026-01-01')")
        }
        var local = Self.saved
        local.imageSha256 = "aa"
        let id = try await environment.receipts.save(local)
        let jobs = AnalysisJobRepository(database: database)
        let job = try #require(try await jobs.enqueue(receiptIds: [id], provider: "rest", now: Date()).jobIds.first)
        _ = try jobs.claimDue(now: Date(), limit: 1)
        _ = try jobs.complete(jobId: job, with: AnalysisResult(payload: Self.remote, remoteId: "r1"), now: Date())
        let center = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        environment.analysis = center
        center.refresh()
        await center.refreshed()
        let navigator = RecordingNavigator()
        let main = MainCoordinator(environment: environment, navigator: navigator)
        main.start()
        main.reopen(receiptId: id)
        await main.reopened()
        let review = try #require(navigator.reviewViewModel)
        // The empty category was filled when the reading arrived; the merchant differs and waits here.
        #expect(review.text(.category) == "Dining")
        #expect(review.remoteDifferences.map(\.field) == [.merchantName])
    }
}
