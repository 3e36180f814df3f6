import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct AnalyticsViewModelTests {
    private let english = Locale(identifier: "en_US")
    private let today: @Sendable () -> Date = { DayFormatter.date(fromISO: "2026-03-10")! }

    /// January and February 2026 in CAD, EUR (with a rate) and USD (without).
    private func database() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        func item(_ name: String, _ total: String, _ category: String) -> LineItemPayload {
            LineItemPayload(description: name, total: total, category: category)
        }
        try await store.save(ReceiptPayload(merchantName: "No Frills", purchaseDate: "2026-01-10", currency: "CAD", totalAmount: "10.00",
                                      lineItems: [item("MILK", "4.00", "Groceries"), item("SOAP", "6.00", "Household")]))
        try await store.save(ReceiptPayload(merchantName: "No Frills", purchaseDate: "2026-02-10", currency: "CAD", totalAmount: "11.30",
                                      lineItems: [item("MILK", "5.00", "Groceries"), item("SOAP", "5.00", "Household")]))
        try await store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-05", currency: "EUR", totalAmount: "10.00",
                                      lineItems: [item("Vollmilch", "10.00", "Groceries")]))
        try await store.save(ReceiptPayload(merchantName: "Target", purchaseDate: "2026-02-20", currency: "USD", totalAmount: "20.00",
                                      lineItems: [item("Charger", "20.00", "Electronics")]))
        try await ExchangeRateRepository(database: database).save(
            ExchangeRate(day: "2026-01-01", base: "EUR", quote: "CAD", rate: Decimal(string: "1.5")!))
        return database
    }

    @Test func summarisesThePeriodInThePrimaryCurrencyAndNamesWhatHasNoRate() async throws {
        let environment = AppEnvironment.inMemory(database: try await database(), version: "1")
        let model = AnalyticsViewModel(spending: environment.spending, preferences: environment.preferences, locale: english, today: today)
        #expect(model.period == .last12Months)
        await model.reload()
        #expect(!model.isEmpty)
        // 10.00 + 11.30 CAD + 10.00 EUR × 1.5; the USD receipt counts but is not converted.
        #expect(model.summaryText == "CA$36.30 spent over 4 receipts")
        #expect(model.currencyRows.map(\.currency) == ["CAD", "EUR", "USD"])
        #expect(model.currencyRows.map(\.converted) == ["", "CA$15.00", "no exchange rate"])
        #expect(model.currencyRows.map(\.isMissingRate) == [false, false, true])
        #expect(model.missingRatesText == "Not included for want of an exchange rate to CAD: $20.00. Add rates in Settings.")
        #expect(model.merchantRows.map(\.name) == ["No Frills", "Lidl"])
        #expect(model.increaseRows.map(\.name) == ["MILK"])
        #expect(model.increaseRows.first?.change == "+25.0%")
        #expect(model.report?.months.count == 12)
    }

    @Test func thePrimaryCurrencyComesFromThePreferences() async throws {
        let environment = AppEnvironment.inMemory(database: try await database(), version: "1")
        environment.preferences.set(.primaryCurrency, .string("EUR"))
        let model = AnalyticsViewModel(spending: environment.spending, preferences: environment.preferences, locale: english, today: today)
        await model.reload()
        #expect(model.report?.primaryCurrency == "EUR")
        #expect(model.summaryText == "€24.20 spent over 4 receipts")
    }

    @Test func periodsReloadAndACustomPeriodNeedsValidDays() async throws {
        let environment = AppEnvironment.inMemory(database: try await database(), version: "1")
        let model = AnalyticsViewModel(spending: environment.spending, preferences: environment.preferences, locale: english, today: today)
        model.select(.thisMonth)
        await model.reload()
        #expect(model.isEmpty)
        #expect(model.periodIndex == 0)
        #expect(model.selectCustom(from: "2026-02-01", to: "nope") == false)
        #expect(model.errorMessage == "Enter both days as YYYY-MM-DD.")
        #expect(model.selectCustom(from: "2026-02-01", to: "2026-02-28"))
        await model.reload()
        #expect(model.period == .custom(DayRange(start: "2026-02-01", end: "2026-02-28")))
        #expect(model.periodIndex == model.periods.count - 1)
        #expect(model.report?.receiptCount == 3)
    }

    @Test func clickingABarOrASliceRoutesToTheReceiptsThroughTheCoordinator() async throws {
        final class Recorder: AnalyticsCoordinatorDelegate {
            var filters: [ReceiptFilter] = []
            func analyticsCoordinator(_ coordinator: AnalyticsCoordinator, showReceipts filter: ReceiptFilter) { filters.append(filter) }
        }
        let environment = AppEnvironment.inMemory(database: try await database(), version: "1")
        let navigator = RecordingNavigator()
        let coordinator = AnalyticsCoordinator(environment: environment, navigator: navigator)
        let recorder = Recorder()
        coordinator.delegate = recorder
        coordinator.start()
        #expect(navigator.events == [.install(.analytics)])
        let model = coordinator.viewModel
        model.select(.custom(DayRange(start: "2026-01-15", end: "2026-02-28")))
        await model.reload()

        model.selectMonth("2026-01", categoryKey: "category:Groceries")
        model.selectMonth("2026-02", categoryKey: nil)
        model.selectCategory("taxes-and-other")
        model.selectCategory("uncategorised")
        let filters = recorder.filters
        #expect(filters.count == 4)
        // January is cut to the period's start.
        #expect(filters[0] == ReceiptFilter(range: DayRange(start: "2026-01-15", end: "2026-01-31"), category: "Groceries",
                                            title: "Groceries, January 2026"))
        #expect(filters[1].range == DayRange(start: "2026-02-01", end: "2026-02-28") && filters[1].category == nil)
        #expect(filters[2].category == nil && !filters[2].uncategorisedOnly && filters[2].range == DayRange(start: "2026-01-15", end: "2026-02-28"))
        #expect(filters[3].uncategorisedOnly)
    }
}
