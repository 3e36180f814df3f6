import Foundation
import Observation
import Synchronization
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ReceiptListViewModelTests {
    private let english = Locale(identifier: "en_US")

    private func twoReceipts() async throws -> ReceiptRepository {
        let store = ReceiptRepository(database: try AppDatabase.inMemory())
        try await store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-03", currency: "EUR", totalAmount: "12.50",
                                      lineItems: [LineItemPayload(description: "Vollmilch", quantity: "2", unitPrice: "6.25", total: "12.50")]))
        try await store.save(ReceiptPayload(merchantName: "Costco Wholesale", purchaseDate: "2026-03-01", currency: "CAD", totalAmount: "41.02",
                                      lineItems: [LineItemPayload(description: "KS EGGS", total: "11.02"),
                                                  LineItemPayload(description: "白菜 Bok Choy", quantity: "0.840", unitPrice: "3.26", total: "30.00", unit: "kg")]))
        return store
    }

    @Test func showsStoredReceiptsFormattedInTheirCurrencyWithTotalsPerCurrency() async throws {
        let viewModel = ReceiptListViewModel(store: try await twoReceipts(), locale: english, searchDelay: .zero)
        await viewModel.reload().value
        #expect(viewModel.rows.map(\.merchant) == ["Costco Wholesale", "Lidl"])
        #expect(viewModel.rows.map(\.total) == ["CA$41.02", "€12.50"])
        #expect(viewModel.rows[0].date == "Mar 1, 2026")
        #expect(viewModel.countText == "2 receipts")
        #expect(viewModel.totalsText == "Total: CA$41.02 · €12.50")
        #expect(!viewModel.isEmpty && !viewModel.isLoading)
    }

    /// Switching sections reloads the list; when nothing changed, the rows shown stay the very
    /// same array (releasing 100 000 rows on the main actor took 30-60 ms), and a change still shows.
    @Test func aReloadThatFindsTheSameRowsKeepsTheShownArray() async throws {
        let store = try await twoReceipts()
        let viewModel = ReceiptListViewModel(store: store, locale: english, searchDelay: .zero)
        await viewModel.reload().value
        let before = viewModel.rows
        await viewModel.reload().value
        #expect(viewModel.rows.withUnsafeBufferPointer { $0.baseAddress } == before.withUnsafeBufferPointer { $0.baseAddress })
        #expect(!viewModel.isLoading && viewModel.errorMessage == nil && viewModel.countText == "2 receipts")
        try await store.save(ReceiptPayload(merchantName: "Bakery", purchaseDate: "2026-03-05", currency: "CAD", totalAmount: "4.00"))
        await viewModel.reload().value
        #expect(viewModel.rows.map(\.merchant) == ["Bakery", "Costco Wholesale", "Lidl"])
    }

    /// A return to the section reloads the list: while nothing was written to the store, the
    /// 100 000 rows are not read again (a core for a second beside the main thread); a save, another
    /// search or another primary currency reads them.
    @Test func aReloadReadsNothingWhileTheStoreIsUnchanged() async throws {
        let store = RecordingStore(try await twoReceipts(), tracksChanges: true)
        let rates = ExchangeRateRepository(database: store.base.database)
        let preferences = MemoryPreferenceStore()
        let viewModel = ReceiptListViewModel(store: store, rates: rates, preferences: preferences, locale: english, searchDelay: .zero)
        await viewModel.reload().value
        #expect(store.wholeListReads == 1)
        await viewModel.reload().value
        await viewModel.reload().value
        #expect(store.wholeListReads == 1, "nothing was written: nothing is read")
        #expect(viewModel.countText == "2 receipts" && !viewModel.isLoading && viewModel.errorMessage == nil)

        _ = try await store.save(ReceiptPayload(merchantName: "Bakery", purchaseDate: "2026-03-05", currency: "CAD", totalAmount: "4.00"))
        await viewModel.reload().value
        #expect(store.wholeListReads == 2)
        #expect(viewModel.rows.map(\.merchant) == ["Bakery", "Costco Wholesale", "Lidl"])

        await viewModel.search("lidl").value
        await viewModel.search("").value
        #expect(store.wholeListReads == 4, "another query reads")
        #expect(viewModel.rows.count == 3)
        preferences.set(.primaryCurrency, .string("EUR"))
        await viewModel.reload().value
        #expect(store.wholeListReads == 5, "another primary currency converts anew")
        #expect(viewModel.primaryCurrency == "EUR")
    }

    @Test func searchNarrowsByItemAndKeepsTheEmptyStateForAnEmptyStore() async throws {
        let viewModel = ReceiptListViewModel(store: try await twoReceipts(), locale: english, searchDelay: .zero)
        await viewModel.search("vollmilch").value
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
        #expect(viewModel.countText == "1 receipt")
        #expect(viewModel.totalsText == "Total: €12.50")
        await viewModel.search("bok").value
        #expect(viewModel.rows.map(\.merchant) == ["Costco Wholesale"])
        #expect(!viewModel.hasNoMatches)
        await viewModel.search("nothing-like-this").value
        #expect(viewModel.rows.isEmpty && !viewModel.isEmpty)
        #expect(viewModel.hasNoMatches, "receipts are stored, none matches: the no-matches page")
        let clearing = viewModel.search("")
        #expect(viewModel.hasNoMatches && !viewModel.isEmpty, "until the whole list is read again, not the empty store's page")
        await clearing.value
        #expect(viewModel.rows.count == 2 && !viewModel.hasNoMatches)

        let empty = ReceiptListViewModel(store: ReceiptRepository(database: try AppDatabase.inMemory()), locale: english)
        await empty.reload().value
        #expect(empty.isEmpty && !empty.hasNoMatches)
        #expect(empty.emptyTitle == "No receipts yet")
    }

    @Test func clearingASearchWithoutMatchesHandsBackTheRowsListedBefore() async throws {
        let viewModel = ReceiptListViewModel(store: try await twoReceipts(), locale: english, searchDelay: .zero)
        await viewModel.reload().value
        let listed = viewModel.rows
        await viewModel.search("zzqq").value
        #expect(viewModel.hasNoMatches)
        await viewModel.search("").value
        // The list kept these rows behind the no-matches page: the same array is seen unchanged without comparing.
        #expect(viewModel.rows.withUnsafeBufferPointer { $0.baseAddress } == listed.withUnsafeBufferPointer { $0.baseAddress })
        #expect(viewModel.countText == "2 receipts")
    }

    @Test func typingFastQueriesOnlyForTheLastText() async throws {
        let viewModel = ReceiptListViewModel(store: try await twoReceipts(), locale: english, searchDelay: .milliseconds(50))
        await viewModel.reload().value
        let first = viewModel.search("l")
        let last = viewModel.search("lidl")
        await first.value
        #expect(first.isCancelled)
        await last.value
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
    }

    @Test func aChartFilterListsOnlyItsReceiptsWithTheSearchStillApplying() async throws {
        let store = try await twoReceipts()
        try await store.save(ReceiptPayload(merchantName: "Bakery", purchaseDate: "2026-02-20", currency: "EUR", totalAmount: "3.00",
                                      lineItems: [LineItemPayload(description: "Croissant", total: "3.00", category: "Dining")]))
        let viewModel = ReceiptListViewModel(store: store, locale: english, searchDelay: .zero)
        await viewModel.show(ReceiptFilter(range: DayRange(start: "2026-02-01", end: "2026-02-28"), title: "February 2026")).value
        #expect(viewModel.rows.map(\.merchant) == ["Bakery", "Lidl"])
        #expect(viewModel.filterText == "Showing February 2026")
        await viewModel.show(ReceiptFilter(range: DayRange(start: "2026-01-01", end: "2026-12-31"), category: "Dining",
                                           title: "Dining, 2026")).value
        #expect(viewModel.rows.map(\.merchant) == ["Bakery"])
        await viewModel.search("lidl").value
        #expect(viewModel.rows.isEmpty && !viewModel.isEmpty, "a filter with no match is not the empty store")
        #expect(viewModel.hasNoMatches)
        await viewModel.show(nil).value
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
        #expect(viewModel.filterText == nil)
    }

    @Test func totalsAreConvertedIntoThePrimaryCurrencyAtTheDaysRateAndMissingRatesAreSaid() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        try await store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-03", currency: "EUR", totalAmount: "12.50"))
        try await store.save(ReceiptPayload(merchantName: "Costco", purchaseDate: "2026-03-01", currency: "CAD", totalAmount: "41.02"))
        try await store.save(ReceiptPayload(merchantName: "Target", purchaseDate: "2026-01-15", currency: "USD", totalAmount: "10.00"))
        let rates = ExchangeRateRepository(database: database)
        try await rates.save(ExchangeRate(day: "2026-01-01", base: "EUR", quote: "CAD", rate: Decimal(string: "1.5")!, source: .manual))
        let preferences = MemoryPreferenceStore()
        let viewModel = ReceiptListViewModel(store: store, rates: rates, preferences: preferences, locale: english)
        await viewModel.reload().value
        #expect(viewModel.rows.map(\.converted) == ["CA$41.02", "CA$18.75", "no rate"])
        #expect(viewModel.totalsText == "Total: CA$41.02 · €12.50 · $10.00 — CA$59.77 in all, 1 receipt without a rate")
        preferences.set(.primaryCurrency, .string("EUR"))
        await viewModel.reload().value
        #expect(viewModel.rows.map(\.converted) == ["€27.35", "€12.50", "no rate"])
    }

    /// At start-up the newest screenful is read on its own first; later loads read the whole list only.
    @Test func theFirstLoadReadsTheNewestScreenfulFirst() async throws {
        let store = RecordingStore(try await twoReceipts(), tracksChanges: false)
        let viewModel = ReceiptListViewModel(store: store, locale: english, firstPageSize: 1)
        await viewModel.reload().value
        // The whole list is read only once the screenful is shown, never beside it.
        #expect(store.limits == [1, nil])
        #expect(viewModel.rows.count == 2 && viewModel.isComplete && viewModel.countText == "2 receipts")
        await viewModel.reload().value
        #expect(store.limits.count == 3 && store.limits.last == .some(nil))
        #expect(try await ReceiptRepository(database: AppDatabase.inMemory()).summaries(matching: ReceiptQuery(limit: 1)).isEmpty)
        #expect(try await store.base.summaries(matching: ReceiptQuery(limit: 1)).count == 1)
    }

    @Test func expandingARowReadsItsItemsInTheReceiptsCurrency() async throws {
        let viewModel = ReceiptListViewModel(store: try await twoReceipts(), locale: english)
        await viewModel.reload().value
        // Read off the main actor: nothing at first, then the items.
        #expect(viewModel.items(of: viewModel.rows[0]).isEmpty && viewModel.items(of: viewModel.rows[1]).isEmpty)
        await viewModel.itemsRead()
        #expect(viewModel.loadedItems == Set(viewModel.rows.map(\.id)))
        let items = viewModel.items(of: viewModel.rows[0])
        #expect(items.map(\.description) == ["KS EGGS", "白菜 Bok Choy"])
        #expect(items[1].quantity == "0.840 kg")
        #expect(items[1].unitPrice == "CA$3.26")
        #expect(items[1].total == "CA$30.00")
        #expect(viewModel.items(of: viewModel.rows[1]).map(\.total) == ["€12.50"])
    }

    @Test func deleteHidesAtOnceUndoRestoresAndTheStoreChangesOnlyAfterThePeriod() async throws {
        let store = try await twoReceipts()
        let viewModel = ReceiptListViewModel(store: store, locale: english, undoPeriod: .milliseconds(100))
        await viewModel.reload().value
        let costco = viewModel.rows[0].id

        #expect(viewModel.totalsText == "Total: CA$41.02 · €12.50")
        viewModel.delete(ids: [costco])
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
        #expect(viewModel.totalsText == "Total: €12.50")
        #expect(viewModel.undoMessage == "1 receipt deleted")
        #expect(try await store.count() == 2)
        viewModel.undo()
        #expect(viewModel.rows.map(\.merchant) == ["Costco Wholesale", "Lidl"])
        #expect(viewModel.undoMessage == nil)
        try await Task.sleep(for: .milliseconds(250))
        #expect(try await store.count() == 2, "an undone deletion never reaches the store")

        viewModel.delete(ids: [costco])
        try await Task.sleep(for: .milliseconds(250))
        await viewModel.deletionsWritten()
        #expect(try await store.count() == 1)
        #expect(try await store.receipt(id: costco) == nil)
        #expect(!viewModel.canUndo && viewModel.undoMessage == nil)
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
        // The sums read with the rows follow the deletion once it is committed.
        #expect(viewModel.totalsText == "Total: €12.50")
    }

    @Test func aSecondDeletionCommitsTheFirst() async throws {
        let store = try await twoReceipts()
        let viewModel = ReceiptListViewModel(store: store, locale: english, undoPeriod: .seconds(60))
        await viewModel.reload().value
        let ids = viewModel.rows.map(\.id)
        viewModel.delete(ids: [ids[0]])
        viewModel.delete(ids: [ids[1]])
        await viewModel.deletionsWritten()
        #expect(try await store.count() == 1)
        #expect(viewModel.rows.isEmpty && !viewModel.hasNoMatches, "every receipt deleted is not a search without matches")
        viewModel.commitPendingDeletion()
        await viewModel.deletionsWritten()
        #expect(try await store.count() == 0)
    }

    @Test func aFailingStoreShowsAnErrorInsteadOfRows() async {
        struct Broken: ReceiptStore {
            struct Failure: LocalizedError { var errorDescription: String? { "disk on fire" } }
            func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary] { throw Failure() }
            func receipt(id: String) async throws -> ReceiptPayload? { throw Failure() }
            func lineItems(receiptId: String) async throws -> [LineItemPayload] { throw Failure() }
            func save(_ payload: ReceiptPayload) async throws -> String { throw Failure() }
            func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch] { throw Failure() }
            func delete(ids: [String]) async throws { throw Failure() }
            func count() async throws -> Int { throw Failure() }
        }
        let viewModel = ReceiptListViewModel(store: Broken(), locale: english)
        await viewModel.reload().value
        #expect(viewModel.rows.isEmpty)
        #expect(viewModel.errorMessage?.contains("disk on fire") == true)
    }
}

@MainActor
struct ReceiptListAnalysisTests {
    @Test func sendingSelectedReceiptsQueuesThemAndTheListShowsTheirState() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: image) }
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: image)
        let stored = try await ImageLibrary(database: database).add(fileAt: image)
        let id = try await store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-03", currency: "EUR", totalAmount: "12.50",
                                               imageSha256: stored.sha256))
        let typedIn = try await store.save(ReceiptPayload(merchantName: "Bakery", purchaseDate: "2026-02-02", currency: "EUR", totalAmount: "3.00"))
        var environment = AppEnvironment.inMemory(database: database, version: "test")
        environment.preferences.set(.analysisProvider, .string("rest"))
        environment.preferences.set(.analysisBaseURL, .string("http://127.0.0.1:9"))
        let analysis = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        environment.analysis = analysis
        let viewModel = ReceiptListViewModel(store: store, analysis: analysis, locale: Locale(identifier: "en_US"))
        await viewModel.reload().value
        let row = try #require(viewModel.rows.first)
        #expect(viewModel.canSendToAnalysis)
        #expect(viewModel.analysisState(of: row) == "")

        viewModel.sendToAnalysis(ids: [id, typedIn])
        await analysis.refreshed()
        #expect(analysis.errorMessage == "1 receipt has no image to send.")
        // The queue was never started, so the job waits.
        #expect(viewModel.analysisState(of: row) == "Waiting to upload")
        #expect(analysis.job(forReceipt: id)?.state == .pending)
    }

    @Test func withoutAProviderNothingIsSentAndThePersonIsTold() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let id = try await store.save(ReceiptPayload(merchantName: "Lidl", currency: "EUR", totalAmount: "1.00"))
        let environment = AppEnvironment.inMemory(database: database, version: "test")
        let analysis = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        let viewModel = ReceiptListViewModel(store: store, analysis: analysis)
        #expect(!viewModel.canSendToAnalysis)
        viewModel.sendToAnalysis(ids: [id])
        await analysis.refreshed()
        #expect(analysis.job(forReceipt: id) == nil)
        #expect(analysis.errorMessage == "Choose an analysis service in Settings first.")
    }
}

@MainActor
struct ProductSelectionTests {
    /// The products view selects "nothing" after every render; that must not count as a change,
    /// or an empty list re-renders forever.
    @Test func selectingNothingWhenNothingIsSelectedChangesNothing() throws {
        let viewModel = ProductListViewModel(catalog: ProductRepository(database: try AppDatabase.inMemory()))
        let changes = Atomic(0)
        withObservationTracking { _ = viewModel.detail } onChange: { changes.add(1, ordering: .relaxed) }
        viewModel.select(nil)
        #expect(changes.load(ordering: .relaxed) == 0)
    }
}

/// The repository, recording the limit of every list read; with `tracksChanges` it passes on the
/// store's generation, so that the list can tell that nothing changed, and without it says none.
private final class RecordingStore: ReceiptStore, @unchecked Sendable {
    let base: ReceiptRepository
    private let tracksChanges: Bool
    private let lock = NSLock()
    private var seen: [Int?] = []
    init(_ base: ReceiptRepository, tracksChanges: Bool) {
        self.base = base
        self.tracksChanges = tracksChanges
    }
    var limits: [Int?] { lock.withLock { seen } }
    var wholeListReads: Int { limits.filter { $0 == nil }.count }
    func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary] {
        lock.withLock { seen.append(query.limit) }
        return try await base.summaries(matching: query)
    }
    func receipt(id: String) async throws -> ReceiptPayload? { try await base.receipt(id: id) }
    func lineItems(receiptId: String) async throws -> [LineItemPayload] { try await base.lineItems(receiptId: receiptId) }
    func save(_ payload: ReceiptPayload) async throws -> String { try await base.save(payload) }
    func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch] { [] }
    func delete(ids: [String]) async throws { try await base.delete(ids: ids) }
    func count() async throws -> Int { try await base.count() }
    func generation() async -> StoreGeneration? { tracksChanges ? await base.generation() : nil }
}
