import Foundation
import Testing
@testable import PlutaryCore

struct MoneyTests {
    @Test func parsesDecimalStringsIntoMinorUnitsByCurrencyExponent() {
        #expect(Money(decimalString: "12.50", currency: "CAD")?.minorUnits == 1250)
        #expect(Money(decimalString: "1200", currency: "JPY")?.minorUnits == 1200)
        #expect(Money(decimalString: "1.234", currency: "KWD")?.minorUnits == 1234)
        #expect(Money(decimalString: "-3.00", currency: "EUR")?.minorUnits == -300)
    }

    @Test func refusesMoreDecimalsThanTheCurrencyHasAndNonNumbers() {
        #expect(Money(decimalString: "12.505", currency: "CAD") == nil)
        #expect(Money(decimalString: "1.5", currency: "JPY") == nil)
        #expect(Money(decimalString: "abc", currency: "CAD") == nil)
    }

    @Test func printsExactlyTheCurrencyDecimals() {
        #expect(Money(minorUnits: 5, currency: "CAD").decimalString == "0.05")
        #expect(Money(minorUnits: -1250, currency: "EUR").decimalString == "-12.50")
        #expect(Money(minorUnits: 1200, currency: "JPY").decimalString == "1200")
        #expect(Money(minorUnits: 1, currency: "KWD").decimalString == "0.001")
    }

    @Test func formatsForTheLocale() {
        let us = MoneyFormatter(locale: Locale(identifier: "en_US"))
        #expect(us.string(from: Money(minorUnits: 1250, currency: "CAD")) == "CA$12.50")
        #expect(us.string(from: Money(minorUnits: 1200, currency: "JPY")) == "¥1,200")
        let french = MoneyFormatter(locale: Locale(identifier: "fr_FR")).string(from: Money(minorUnits: 1250, currency: "EUR"))
        #expect(french.hasPrefix("12,50") && french.hasSuffix("€"))
    }

    /// Amounts are formatted from their minor units, without the Decimal division of
    /// `Money.decimal`, and read as they did through it.
    @Test func formatsFromTheMinorUnitsAsThroughTheDecimal() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2000).map { _ in Int64.random(in: -Money.limit...Money.limit, using: &generator) }
        let small = Array(-1100...1100).map(Int64.init)
        let edges: [Int64] = [99_999, 100_000, 123_456_789, 999_999_999_999, Money.limit, -Money.limit]
        for identifier in ["en_US", "en_CA", "fr_FR", "de_DE", "ja_JP"] {
            let formatter = MoneyFormatter(locale: Locale(identifier: identifier))
            for currency in ["CAD", "EUR", "JPY", "KWD"] {
                for units in small + edges + random {
                    let money = Money(minorUnits: units, currency: currency)
                    let throughDecimal = formatter.numberFormatter(for: money).string(from: NSDecimalNumber(decimal: money.decimal))
                    #expect(formatter.string(from: money) == throughDecimal, "\(units) \(currency) \(identifier)")
                }
            }
        }
    }
}

struct MoneyFastPathTests {
    @Test func agreesWithDecimalParsingOnEveryShape() {
        for text in ["0", "7", "12.5", "12.50", "-0.05", "1200", "-3", "003.10"] {
            #expect(Money.plainMinorUnits(text, exponent: 2) == Money(decimal: Decimal(string: text)!, currency: "CAD")?.minorUnits, "\(text)")
        }
        for text in ["", "-", ".", "1.", "1.2.3", "1,50", "1e3", "12.345", " 1"] {
            #expect(Money.plainMinorUnits(text, exponent: 2) == nil, "\(text)")
        }
    }

    @Test func refusesAmountsBeyondTheLimitWithoutTrapping() {
        #expect(Money(decimalString: "100000000000.00", currency: "CAD")?.minorUnits == Money.limit)
        #expect(Money(decimalString: "-10000000000000", currency: "JPY")?.minorUnits == -Money.limit)
        for (text, currency) in [("100000000000.01", "CAD"), ("100000000000000000", "CAD"), ("10000000000001", "JPY"),
                                 ("92233720368547758.07", "CAD"), ("99999999999999999999999", "KWD"), ("1e20", "CAD")] {
            #expect(Money(decimalString: text, currency: currency) == nil, "\(text)")
        }
        #expect(Money(decimal: Decimal(string: "1e30")!, currency: "JPY") == nil)
        #expect(Money(decimal: Decimal.nan, currency: "JPY") == nil)
    }

    @Test func sumsHoldAtTheBoundsInsteadOfTrapping() {
        #expect(Money.sum(.max, .max) == .max)
        #expect(Money.sum(.min, -1) == .min)
        #expect(Money.sum(2, -5) == -3)
        #expect((Money(minorUnits: .max, currency: "JPY") + Money(minorUnits: 1, currency: "JPY")).minorUnits == .max)
        #expect(Money.scaled(.max, by: .max, over: .max) == .max)
        #expect(Money.scaled(10, by: 3, over: 4) == 7)
        #expect(Money(rounding: Double(Int64.max), currency: "JPY").minorUnits == .max)
        #expect(Money(rounding: -1e300, currency: "JPY").minorUnits == .min)
        #expect(Money(rounding: 12.5, currency: "JPY").minorUnits == 13)
    }
}
