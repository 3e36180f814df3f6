import Foundation
import PlutaryCore
import Synchronization
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
        await model.finishLoading()
        #expect(model.currencyTitles[model.primaryIndex] == "CAD – dollar canadien")
        #expect(await model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "1,4735"))
        #expect(model.rows.map(\.value) == ["1,4735"])
    }

    @Test func ratesAreEnteredCheckedAndImported() async throws {
        let environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "1")
        let model = CurrencySettingsViewModel(rates: environment.rates,
                                              preferences: environment.preferences, locale: english)
        model.load()
        await model.finishLoading()
        #expect(model.primaryCurrency == "CAD")
        #expect(model.currencyTitles[model.primaryIndex] == "CAD – Canadian Dollar")
        model.selectPrimary(at: model.currencies.firstIndex { $0.code == "EUR" }!)
        #expect(environment.preferences.string(.primaryCurrency) == "EUR")

        #expect(!(await model.addRate(day: "2026-13-01", base: "EUR", quote: "CAD", rate: "1.5")))
        #expect(model.errorMessage == "Enter the day as YYYY-MM-DD.")
        #expect(!(await model.addRate(day: "2026-03-01", base: "EUR", quote: "EUR", rate: "1.5")))
        #expect(!(await model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "-2")))
        #expect(model.rows.isEmpty)
        #expect(await model.addRate(day: "2026-03-01", base: "eur", quote: "cad", rate: "1,4735"))
        #expect(model.rows.map(\.pair) == ["EUR → CAD"])
        #expect(model.rows.map(\.value) == ["1.4735"])
        #expect(model.rows.map(\.source) == ["Manual"])
        #expect(model.countText == "1 rate")

        let directory = FileManager.default.temporaryDirectory
        let good = directory.appendingPathComponent("ecb-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: good) }
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
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data("<gesmes:Envelope><Cube><Cube time='2026-03-04'><Cube currency='USD' rate='x'/>".utf8).write(to: bad)
        await model.importECB(from: bad)
        #expect(model.errorMessage?.contains("No rates were imported") == true)
        #expect(model.rateCount == 4)
        model.delete(model.rows[0])
        await model.finishLoading()
        #expect(model.rateCount == 3)
    }
}

/// Rates kept in memory that note whether each call ran on the main thread, and whose writes can fail.
private final class RecordingRates: ExchangeRateStore {
    struct Failure: LocalizedError { var errorDescription: String? { "disk full" } }
    private struct State {
        var rates: [ExchangeRate] = []
        var calls: [String] = []
        var onMainThread = false
        var failing = false
    }
    private let state = Mutex(State())

    var calls: [String] { state.withLock { $0.calls } }
    var ranOnMainThread: Bool { state.withLock { $0.onMainThread } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

    private func record<T>(_ call: String, _ body: (inout State) throws -> T) throws -> T {
        try state.withLock { state in
            state.calls.append(call)
            state.onMainThread = state.onMainThread || Thread.isMainThread
            if state.failing { throw Failure() }
            return try body(&state)
        }
    }

    func rates() async throws -> [ExchangeRate] { try record("rates") { $0.rates } }
    func save(_ rate: ExchangeRate) async throws {
        try record("save") { state in
            state.rates.removeAll { $0.base == rate.base && $0.quote == rate.quote && $0.day == rate.day }
            state.rates.insert(rate, at: 0)
        }
    }
    func delete(_ rate: ExchangeRate) async throws {
        try record("delete") { state in state.rates.removeAll { $0.base == rate.base && $0.quote == rate.quote && $0.day == rate.day } }
    }
    func importECB(_ data: Data) async throws -> ECBImportSummary { throw Failure() }
    func converter() async throws -> CurrencyConverter { CurrencyConverter(rates: try await rates()) }
}

@MainActor
struct CurrencySettingsOffMainTests {
    /// Reading, saving and deleting rates run off the main actor; the list changes once each is done.
    @Test func ratesAreReadSavedAndDeletedOffTheMainActor() async throws {
        let rates = RecordingRates()
        let model = CurrencySettingsViewModel(rates: rates, preferences: MemoryPreferenceStore(), locale: Locale(identifier: "en_US"))
        model.load()
        #expect(rates.calls.isEmpty) // not read on the main actor
        await model.finishLoading()
        #expect(rates.calls == ["rates"] && model.rows.isEmpty && model.countText == "0 rates")

        #expect(await model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "1.5"))
        #expect(model.rows.map(\.pair) == ["EUR → CAD"])
        #expect(model.statusMessage == "Saved 1 EUR = 1.5 CAD on Mar 1, 2026.")
        #expect(await model.addRate(day: "2026-03-02", base: "USD", quote: "CAD", rate: "1.4"))
        #expect(model.rows.map(\.pair) == ["USD → CAD", "EUR → CAD"])

        model.delete(model.rows[0])
        #expect(model.rows.count == 2) // still listed until the store has removed it
        await model.finishLoading()
        #expect(model.rows.map(\.pair) == ["EUR → CAD"] && model.countText == "1 rate")
        #expect(rates.calls == ["rates", "save", "rates", "save", "rates", "delete", "rates"])
        #expect(!rates.ranOnMainThread)
        #expect(model.errorMessage == nil)
    }

    @Test func aFailingStoreKeepsTheListAndSaysWhy() async throws {
        let rates = RecordingRates()
        let model = CurrencySettingsViewModel(rates: rates, preferences: MemoryPreferenceStore(), locale: Locale(identifier: "en_US"))
        #expect(await model.addRate(day: "2026-03-01", base: "EUR", quote: "CAD", rate: "1.5"))
        rates.fail(true)
        #expect(!(await model.addRate(day: "2026-03-02", base: "EUR", quote: "CAD", rate: "1.6")))
        #expect(model.errorMessage == "Could not save the rate: disk full")
        #expect(model.statusMessage == nil)
        model.delete(model.rows[0])
        await model.finishLoading()
        #expect(model.errorMessage == "Could not delete the rate: disk full")
        model.load()
        await model.finishLoading()
        #expect(model.errorMessage == "Could not read the exchange rates: disk full")
        #expect(model.rows.map(\.pair) == ["EUR → CAD"])
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
