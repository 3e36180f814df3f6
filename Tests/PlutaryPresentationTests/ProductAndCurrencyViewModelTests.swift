import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ProductAndCurrencyViewModelTests {
    private let english = Locale(identifier: "en_US")

    @Test func theProductsListShowsTrendsAndOpensADetailThatCanMergeAndSplit() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        for (day, name, price) in [("2025-04-05", "COCA COLA 2L", "2.00"), ("2025-12-05", "COCA COLA 2L", "2.20"), ("2026-03-05", "COCA COLA 2L", "2.50"),
                                   ("2026-03-06", "COKE 2L", "2.40"), ("2026-03-07", "DISH SOAP", "3.00")] {
            try await store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: day, currency: "CAD", totalAmount: price,
                                          lineItems: [LineItemPayload(description: name, total: price, category: "Groceries")]))
        }
        let model = ProductListViewModel(catalog: ProductRepository(database: database), locale: english,
                                         today: { DayFormatter.date(fromISO: "2026-03-20")! })
        await model.reload()
        #expect(model.rows.map(\.name) == ["COCA COLA 2L", "COKE 2L", "DISH SOAP"])
        let cola = model.rows[0]
        #expect(cola.latestPrice == "CA$2.50")
        #expect(cola.change3Months == "+13.6%")
        #expect(cola.change12Months == "—")
        #expect(cola.sparkline == [200, 220, 250])
        #expect(model.inflationText == "Prices over the last 12 months: Groceries +25.0%")

        model.select(cola.id)
        let detail = try #require(model.detail)
        await detail.finishLoading()
        #expect(detail.title == "COCA COLA 2L")
        #expect(detail.rows.map(\.price) == ["CA$2.50", "CA$2.20", "CA$2.00"])
        #expect(detail.subtitle == "Groceries · 3 purchases")
        let coke = try #require(model.rows.first { $0.name == "COKE 2L" })
        detail.merge(coke.id)
        await detail.finishLoading()
        #expect(detail.rows.count == 4)
        #expect(detail.names.sorted() == ["COCA COLA 2L", "COKE 2L"])
        #expect(detail.canSplit)
        await model.reload()
        #expect(model.rows.map(\.name) == ["COCA COLA 2L", "DISH SOAP"])

        detail.split(name: "COKE 2L")
        await detail.finishLoading()
        #expect(detail.rows.count == 3 && !detail.canSplit)
        await model.reload()
        #expect(model.rows.count == 3)
        model.select(nil)
        #expect(model.detail == nil)
    }

    @Test func ratesAndCurrencyNamesAreWrittenThePersonsWay() async throws {
        let environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "1")
        let model = CurrencySettingsViewModel(rates: environment.rates,
                                              preferences: environment.preferences, locale: Locale(identifier: "fr_FR"))
        model.load()
        #expect(model.currencyTitles[model.primaryIndex] == "CAD – dollar canadien")
        #expect(model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "1,4735"))
        #expect(model.rows.map(\.value) == ["1,4735"])
    }

    @Test func ratesAreEnteredCheckedAndImported() async throws {
        let environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "1")
        let model = CurrencySettingsViewModel(rates: environment.rates,
                                              preferences: environment.preferences, locale: english)
        model.load()
        #expect(model.primaryCurrency == "CAD")
        #expect(model.currencyTitles[model.primaryIndex] == "CAD – Canadian Dollar")
        model.selectPrimary(at: model.currencies.firstIndex { $0.code == "EUR" }!)
        #expect(environment.preferences.string(.primaryCurrency) == "EUR")

        #expect(!model.addRate(day: "2026-13-01", base: "EUR", quote: "CAD", rate: "1.5"))
        #expect(model.errorMessage == "Enter the day as YYYY-MM-DD.")
        #expect(!model.addRate(day: "2026-03-01", base: "EUR", quote: "EUR", rate: "1.5"))
        #expect(!model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "-2"))
        #expect(model.rows.isEmpty)
        #expect(model.addRate(day: "2026-03-01", base: "eur", quote: "cad", rate: "1,4735"))
        #expect(model.rows.map(\.pair) == ["EUR → CAD"])
        #expect(model.rows.map(\.value) == ["1.4735"])
        #expect(model.rows.map(\.source) == ["Manual"])
        #expect(model.countText == "1 rate")

        let directory = FileManager.default.temporaryDirectory
        let good = directory.appendingPathComponent("ecb-\(UUID().uuidString).xml")
        try Data("""
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube>
            <Cube time="2026-03-02"><Cube currency="USD" rate="1.08"/><Cube currency="JPY" rate="160.5"/></Cube>
            <Cube time="2026-03-03"><Cube currency="USD" rate="1.09"/></Cube></Cube></gesmes:Envelope>
            """.utf8).write(to: good)
        await model.importECB(from: good)
        #expect(model.errorMessage == nil)
        #expect(model.statusMessage == "Imported 3 rates (Mar 2, 2026 to Mar 3, 2026).")
        #expect(model.rateCount == 4)

        let bad = directory.appendingPathComponent("ecb-\(UUID().uuidString).xml")
        try Data("<gesmes:Envelope><Cube><Cube time='2026-03-04'><Cube currency='USD' rate='x'/>".utf8).write(to: bad)
        await model.importECB(from: bad)
        #expect(model.errorMessage?.contains("No rates were imported") == true)
        #expect(model.rateCount == 4)
        model.delete(model.rows[0])
        #expect(model.rateCount == 3)
    }
}

@MainActor
struct ProductSearchTests {
    @Test func searchingNarrowsTheListOnceTheLoadSettles() async throws {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        let model = ProductListViewModel(catalog: ProductRepository(database: database), locale: Locale(identifier: "en_US"))
        await model.reload()
        #expect(model.rows.count > 20)
        model.search("bok choy")
        model.search("bok choy")
        await model.reload()
        #expect(model.rows.map(\.name) == ["白菜 Bok Choy"])
    }
}
