import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ViewModelTests {
    private let english = Locale(identifier: "en_US")

    @Test func receiptListShowsStoredReceiptsFormattedInTheirCurrency() throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        try store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-03", currency: "EUR", totalAmount: "12.50",
                                      lineItems: [LineItemPayload(description: "Vollmilch", total: "12.50")]))
        try store.save(ReceiptPayload(merchantName: "Costco Wholesale", purchaseDate: "2026-03-01", currency: "CAD", totalAmount: "41.02",
                                      lineItems: [LineItemPayload(description: "KS EGGS", total: "41.02")]))
        let viewModel = ReceiptListViewModel(store: store, locale: english)
        #expect(!viewModel.isEmpty)
        viewModel.load()
        #expect(viewModel.rows.map(\.merchant) == ["Costco Wholesale", "Lidl"])
        #expect(viewModel.rows.map(\.total) == ["CA$41.02", "€12.50"])
        #expect(viewModel.rows[0].date == "Mar 1, 2026")
        #expect(viewModel.countText == "2 receipts")
        viewModel.search("vollmilch")
        #expect(viewModel.rows.map(\.merchant) == ["Lidl"])
        #expect(viewModel.countText == "1 receipt")
        viewModel.search("nothing-like-this")
        #expect(viewModel.rows.isEmpty && !viewModel.isEmpty)
    }

    @Test func anEmptyStoreShowsTheEmptyState() throws {
        let viewModel = ReceiptListViewModel(store: ReceiptRepository(database: try AppDatabase.inMemory()), locale: english)
        viewModel.load()
        #expect(viewModel.isEmpty)
        #expect(viewModel.emptyTitle == "No receipts yet")
    }

    @Test func aFailingStoreShowsAnErrorInsteadOfRows() {
        struct Broken: ReceiptStore {
            struct Failure: LocalizedError { var errorDescription: String? { "disk on fire" } }
            func summaries(search: String?) throws -> [ReceiptSummary] { throw Failure() }
            func receipt(id: String) throws -> ReceiptPayload? { throw Failure() }
            func lineItems(receiptId: String) throws -> [LineItemPayload] { throw Failure() }
            func save(_ payload: ReceiptPayload) throws -> String { throw Failure() }
            func delete(ids: [String]) throws { throw Failure() }
            func count() throws -> Int { throw Failure() }
        }
        let viewModel = ReceiptListViewModel(store: Broken(), locale: english)
        viewModel.load()
        #expect(viewModel.rows.isEmpty)
        #expect(viewModel.errorMessage?.contains("disk on fire") == true)
    }

    @Test func productsAnalyticsAndSettingsSummariseTheSampleFixture() async throws {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        let environment = AppEnvironment.inMemory(database: database, version: "9.9")

        let products = ProductListViewModel(catalog: environment.products, locale: english)
        await products.reload()
        #expect(products.rows.count > 20)
        products.searchText = "bok choy"
        await products.reload()
        #expect(products.rows.map(\.name) == ["白菜 Bok Choy"])

        let analytics = AnalyticsViewModel(spending: environment.spending, locale: english)
        await analytics.reload()
        #expect(analytics.currencyTotals.count == 3)
        #expect(Set(analytics.months.map(\.source.month)).count == SampleFixture.monthCount)

        let settings = SettingsViewModel(environment: environment)
        settings.load()
        #expect(settings.receiptCountText == "48 receipts stored")
        #expect(settings.version == "9.9")
    }
}
