import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ViewModelTests {
    private let english = Locale(identifier: "en_US")

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
        await settings.reload()
        #expect(settings.receiptCountText == "48 receipts stored")
        #expect(settings.version == "9.9")
    }
}
