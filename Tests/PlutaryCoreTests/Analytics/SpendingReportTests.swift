import Foundation
import Testing
@testable import PlutaryCore

struct SpendingReportTests {
    private let today = DayFormatter.date(fromISO: "2026-03-10")!

    private func report(_ database: AppDatabase, primary: String = "CAD") async throws -> SpendingReport {
        try await SpendingRepository(database: database).report(period: .custom(AnalyticsFixture.range), primaryCurrency: primary, today: today)
    }

    @Test func monthlyBarsAreStackedByCategoryInThePrimaryCurrency() async throws {
        let report = try await report(try await AnalyticsFixture.make())
        #expect(report.months.map(\.month) == ["2026-01", "2026-02"])
        let january = Dictionary(uniqueKeysWithValues: report.months[0].parts.map { ($0.category, $0.minorUnits) })
        #expect(january == [.named("Groceries"): 500, .named("Household"): 500, .taxesAndOther: 65])
        let february = Dictionary(uniqueKeysWithValues: report.months[1].parts.map { ($0.category, $0.minorUnits) })
        // Groceries: 2.20 + 2.70 in CAD, plus 10.00 EUR at 1.5.
        #expect(february == [.named("Groceries"): 1990, .named("Household"): 600, .taxesAndOther: 78, .named("Dining"): 3000])
        #expect(report.months.map(\.total) == [1065, 5668])
        // Stacks are in the breakdown's order, largest category first.
        #expect(report.months[1].parts.map(\.category) == [.named("Dining"), .named("Groceries"), .named("Household"), .taxesAndOther])
    }

    @Test func categoryBreakdownSharesAddUpToTheConvertedTotal() async throws {
        let report = try await report(try await AnalyticsFixture.make())
        #expect(report.categories.map(\.category) == [.named("Dining"), .named("Groceries"), .named("Household"), .taxesAndOther])
        #expect(report.categories.map(\.amount.minorUnits) == [3000, 2490, 1100, 143])
        #expect(report.total == Money(minorUnits: 6733, currency: "CAD"))
        #expect(abs(report.categories.map(\.share).reduce(0, +) - 1) < 1e-9)
    }

    @Test func totalsPerCurrencyReportMissingRatesInsteadOfGuessing() async throws {
        let report = try await report(try await AnalyticsFixture.make())
        #expect(report.receiptCount == 5)
        let byCode = Dictionary(uniqueKeysWithValues: report.currencyTotals.map { ($0.amount.currency, $0) })
        #expect(byCode["CAD"]?.amount.minorUnits == 5233)
        #expect(byCode["CAD"]?.converted?.minorUnits == 5233)
        #expect(byCode["EUR"]?.converted == Money(minorUnits: 1500, currency: "CAD"))
        #expect(byCode["USD"]?.converted == nil)
        #expect(report.unconverted == [Money(minorUnits: 2000, currency: "USD")])
        #expect(report.topMerchants.map(\.name) == ["Bistro", "No Frills", "Lidl"])
        #expect(report.topMerchants.map(\.amount.minorUnits) == [3000, 2233, 1500])
    }

    @Test func withARateForEveryCurrencyNothingIsLeftOut() async throws {
        let database = try await AnalyticsFixture.make()
        try await ExchangeRateRepository(database: database).save(
            ExchangeRate(day: "2026-01-01", base: "EUR", quote: "USD", rate: Decimal(string: "1.25")!))
        let report = try await report(database)
        #expect(report.unconverted.isEmpty)
        // 20 USD = 16 EUR = 24 CAD
        #expect(report.total.minorUnits == 6733 + 2400)
        #expect(report.categories.first { $0.category == .named("Electronics") }?.amount.minorUnits == 2400)
    }

    @Test func inEurosTheCanadianReceiptsAreConvertedBack() async throws {
        let database = try await AnalyticsFixture.make()
        try await ExchangeRateRepository(database: database).save(
            ExchangeRate(day: "2026-01-01", base: "EUR", quote: "CAD", rate: Decimal(string: "1.6")!))
        let report = try await report(database, primary: "EUR")
        let byCode = Dictionary(uniqueKeysWithValues: report.currencyTotals.map { ($0.amount.currency, $0) })
        #expect(byCode["EUR"]?.converted?.minorUnits == 1000)
        // Each category of a day is converted on its own: January at 1.6 is 5.00 → 3.13 twice
        // and 0.65 → 0.41; February at 1.5 is 4.90 → 3.27, 6.00 → 4.00, 0.78 → 0.52, 30.00 → 20.00.
        let expected: [Int64] = [667, 3779]
        #expect(report.months.map(\.total) == expected)
    }

    @Test func priceIncreasesAndInflationCompareTheEndsOfThePeriod() async throws {
        let report = try await report(try await AnalyticsFixture.make())
        #expect(report.priceIncreases.map(\.name) == ["SOAP", "MILK"])
        #expect(abs(report.priceIncreases[0].change - 0.2) < 1e-9)
        #expect(report.priceIncreases[1].from == Money(minorUnits: 200, currency: "CAD"))
        #expect(report.priceIncreases[1].to == Money(minorUnits: 220, currency: "CAD"))
        let inflation = Dictionary(uniqueKeysWithValues: report.inflation.map { ($0.category, $0) })
        #expect(abs(inflation[.named("Household")]!.change - 0.2) < 1e-9)
        // Milk +10 %, bread −10 %: groceries flat.
        #expect(abs(inflation[.named("Groceries")]!.change) < 1e-9)
        #expect(inflation[.named("Groceries")]?.productCount == 2)
        #expect(inflation[.named("Electronics")] == nil)
    }

    @Test func periodsCoverWholeMonthsUpToToday() {
        #expect(AnalyticsPeriod.thisMonth.range(today: today) == DayRange(start: "2026-03-01", end: "2026-03-10"))
        #expect(AnalyticsPeriod.last3Months.range(today: today) == DayRange(start: "2026-01-01", end: "2026-03-10"))
        #expect(AnalyticsPeriod.last12Months.range(today: today) == DayRange(start: "2025-04-01", end: "2026-03-10"))
        #expect(AnalyticsPeriod.thisYear.range(today: today) == DayRange(start: "2026-01-01", end: "2026-03-10"))
        #expect(AnalyticsPeriod.all.range(today: today) == nil)
        #expect(DayRange(start: "2025-11-15", end: "2026-02-01").months == ["2025-11", "2025-12", "2026-01", "2026-02"])
    }

    @Test func allTimeSpansTheFirstToTheLastReceiptAndEmptyStoresAreEmpty() async throws {
        let report = try await SpendingRepository(database: try await AnalyticsFixture.make()).report(period: .all, primaryCurrency: "CAD", today: today)
        #expect(report.range == DayRange(start: "2025-12-31", end: "2026-02-21"))
        #expect(report.months.count == 3)
        #expect(report.receiptCount == 6)
        let empty = try await SpendingRepository(database: try AppDatabase.inMemory()).report(period: .last12Months, primaryCurrency: "CAD", today: today)
        #expect(empty.isEmpty)
        #expect(empty.months.count == 12 && empty.months.allSatisfy { $0.parts.isEmpty })
    }

    @Test func theSampleFixtureConvertsEveryCurrency() async throws {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        let report = try await SpendingRepository(database: database).report(period: .last12Months, primaryCurrency: "CAD", today: Date())
        #expect(report.receiptCount == SampleFixture.receiptCount)
        #expect(report.unconverted.isEmpty)
        #expect(report.categories.count >= 4)
        #expect(report.months.filter { $0.total > 0 }.count == SampleFixture.monthCount)
    }
}
