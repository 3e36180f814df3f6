import Foundation
import Testing
@testable import PlutaryCore

struct CurrencyConversionTests {
    private func rate(_ day: String, _ base: String, _ quote: String, _ value: String) -> ExchangeRate {
        ExchangeRate(day: day, base: base, quote: quote, rate: Decimal(string: value)!)
    }

    @Test func usesTheNearestEarlierRateAndNeverALaterOne() {
        let converter = CurrencyConverter(rates: [
            rate("2026-01-01", "EUR", "CAD", "1.50"),
            rate("2026-02-01", "EUR", "CAD", "1.60"),
        ])
        let tenEuros = Money(minorUnits: 1000, currency: "EUR")
        #expect(converter.convert(tenEuros, to: "CAD", on: "2026-01-15") == Money(minorUnits: 1500, currency: "CAD"))
        #expect(converter.convert(tenEuros, to: "CAD", on: "2026-02-01") == Money(minorUnits: 1600, currency: "CAD"))
        #expect(converter.convert(tenEuros, to: "CAD", on: "2026-12-31") == Money(minorUnits: 1600, currency: "CAD"))
        // Before the first rate there is none: missing, not guessed from a later one.
        #expect(converter.convert(tenEuros, to: "CAD", on: "2025-12-31") == nil)
    }

    @Test func invertsAPairAndCrossesThroughEuro() {
        let converter = CurrencyConverter(rates: [
            rate("2026-03-01", "EUR", "CAD", "1.50"),
            rate("2026-03-01", "EUR", "USD", "1.25"),
        ])
        // 15 CAD = 10 EUR = 12.50 USD
        #expect(converter.convert(Money(minorUnits: 1500, currency: "CAD"), to: "EUR", on: "2026-03-02") == Money(minorUnits: 1000, currency: "EUR"))
        #expect(converter.convert(Money(minorUnits: 1500, currency: "CAD"), to: "USD", on: "2026-03-02") == Money(minorUnits: 1250, currency: "USD"))
        #expect(converter.convert(Money(minorUnits: 1250, currency: "USD"), to: "CAD", on: "2026-03-02") == Money(minorUnits: 1500, currency: "CAD"))
        #expect(converter.convert(Money(minorUnits: 100, currency: "GBP"), to: "CAD", on: "2026-03-02") == nil)
    }

    @Test func aFresherCrossRateBeatsAStaleDirectOne() {
        let converter = CurrencyConverter(rates: [
            rate("2020-01-01", "USD", "CAD", "1.30"),
            rate("2026-03-01", "EUR", "CAD", "1.50"),
            rate("2026-03-01", "EUR", "USD", "1.00"),
        ])
        #expect(converter.rate(from: "USD", to: "CAD", on: "2026-03-05") == Decimal(string: "1.5"))
        #expect(converter.rate(from: "USD", to: "CAD", on: "2021-01-01") == Decimal(string: "1.3"))
    }

    @Test func convertsBetweenExponentsAndRoundsToTheMinorUnit() {
        let converter = CurrencyConverter(rates: [rate("2026-01-01", "EUR", "JPY", "160.123"), rate("2026-01-01", "EUR", "KWD", "0.3333")])
        // 12.34 EUR → 1975.92 JPY → ¥1976 (no minor unit)
        #expect(converter.convert(Money(minorUnits: 1234, currency: "EUR"), to: "JPY", on: "2026-01-02") == Money(minorUnits: 1976, currency: "JPY"))
        // 10.00 EUR → 3.333 KWD (three decimals)
        #expect(converter.convert(Money(minorUnits: 1000, currency: "EUR"), to: "KWD", on: "2026-01-02") == Money(minorUnits: 3333, currency: "KWD"))
        #expect(converter.convert(Money(minorUnits: 1000, currency: "EUR"), to: "EUR", on: "1990-01-01") == Money(minorUnits: 1000, currency: "EUR"))
    }

    @Test func storedRatesRoundTripAndManualOnesSurviveAnImport() async throws {
        let database = try AppDatabase.inMemory()
        let store = ExchangeRateRepository(database: database)
        try await store.save(rate("2024-03-15", "EUR", "USD", "1.2000"))
        _ = try await store.importECB(Data(ECBSamples.daily.utf8))
        let rates = try await store.rates()
        #expect(rates.first { $0.quote == "USD" }?.rate == Decimal(string: "1.2"))
        #expect(rates.first { $0.quote == "USD" }?.source == .manual)
        #expect(rates.first { $0.quote == "JPY" }?.rate == Decimal(string: "163.07"))
        try await store.delete(rates.first { $0.quote == "USD" }!)
        #expect(try await store.rates().contains { $0.quote == "USD" } == false)
    }
}
