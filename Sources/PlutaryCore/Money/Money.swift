import Foundation

/// An amount of money: an integer count of minor units plus its ISO 4217 code.
/// Conversions from text go through `Decimal`, never `Double`.
public struct Money: Hashable, Sendable, Codable, Comparable {
    public var minorUnits: Int64
    public var currency: String

    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency.uppercased()
    }

    /// Parses a decimal string such as "12.50" or "-3.00"; nil when it is not a number
    /// or carries more digits than the currency allows.
    public init?(decimalString: String, currency: String) {
        if let units = Money.plainMinorUnits(decimalString, exponent: Currency.exponent(of: currency)) {
            self.init(minorUnits: units, currency: currency)
            return
        }
        guard let decimal = Decimal(string: decimalString.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX")) else {
            return nil
        }
        self.init(decimal: decimal, currency: currency)
    }

    public init?(decimal: Decimal, currency: String) {
        let exponent = Currency.exponent(of: currency)
        var scaled = decimal * Money.powerOfTen(exponent)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled, let units = Int64(exactly: NSDecimalNumber(decimal: rounded).int64Value),
              Decimal(units) == rounded else { return nil }
        self.init(minorUnits: units, currency: currency)
    }

    /// Fast path for the common "-12.50" shape: digits, an optional point and at
    /// most `exponent` decimals. Anything else goes through `Decimal`.
    static func plainMinorUnits(_ text: String, exponent: Int) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if utf8.first == UInt8(ascii: "-") { negative = true; utf8 = utf8.dropFirst() }
        var units: Int64 = 0
        var decimals = -1
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                guard decimals < 0 else { return nil }
                decimals = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), units < Int64.max / 100 else { return nil }
            units = units * 10 + Int64(byte - UInt8(ascii: "0"))
            if decimals >= 0 { decimals += 1 }
        }
        guard !utf8.isEmpty, decimals != 0, decimals <= exponent else { return nil }
        for _ in 0..<(exponent - max(decimals, 0)) { units *= 10 }
        return negative ? -units : units
    }

    public var exponent: Int { Currency.exponent(of: currency) }

    public var decimal: Decimal {
        Decimal(minorUnits) / Money.powerOfTen(exponent)
    }

    /// Plain decimal string with exactly the currency's number of decimals ("12.50", "1200").
    public var decimalString: String {
        Money.decimalString(minorUnits: minorUnits, exponent: exponent)
    }

    public static func decimalString(minorUnits: Int64, exponent: Int) -> String {
        let negative = minorUnits < 0
        let digits = String(minorUnits.magnitude)
        guard exponent > 0 else { return (negative ? "-" : "") + digits }
        let padded = String(repeating: "0", count: max(0, exponent + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -exponent)
        return (negative ? "-" : "") + padded[..<split] + "." + padded[split...]
    }

    public static func powerOfTen(_ exponent: Int) -> Decimal {
        var result = Decimal(1)
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        precondition(lhs.currency == rhs.currency, "comparing amounts in different currencies")
        return lhs.minorUnits < rhs.minorUnits
    }

    public static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "adding amounts in different currencies")
        return Money(minorUnits: lhs.minorUnits + rhs.minorUnits, currency: lhs.currency)
    }
}
