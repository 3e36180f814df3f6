import Foundation

/// An amount of money: an integer count of minor units plus its ISO 4217 code.
/// Conversions from text go through `Decimal`, never `Double`.
public struct Money: Hashable, Sendable, Codable, Comparable {
    public var minorUnits: Int64
    public var currency: String

    /// The largest amount read from text, in minor units either way of zero
    /// (100 billion in a two-decimal currency): far above any receipt, and small
    /// enough that sums of many never come near Int64's bounds.
    public static let limit: Int64 = 10_000_000_000_000

    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency.uppercased()
    }

    /// Minor units computed in floating point (a mean, a chart value), rounded and
    /// held at Int64's bounds: converting 2^63 to Int64 would trap.
    public init(rounding minorUnits: Double, currency: String) {
        let rounded = minorUnits.rounded()
        self.init(minorUnits: rounded.isNaN ? 0 : Int64(exactly: rounded) ?? (rounded > 0 ? .max : .min), currency: currency)
    }

    /// Parses a decimal string such as "12.50" or "-3.00"; nil when it is not a number,
    /// carries more digits than the currency allows, or is beyond `limit`.
    public init?(decimalString: String, currency: String) {
        if let units = Money.plainMinorUnits(decimalString, exponent: Currency.exponent(of: currency)) {
            self.init(minorUnits: units, currency: currency)
            return
        }
        // Decimal(string:) reads what it can and ignores the rest ("1-1" is 1, "--1" is 0): only whole numbers go to it.
        let trimmed = decimalString.trimmingCharacters(in: .whitespaces)
        guard Money.isNumber(trimmed), let decimal = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) else {
            return nil
        }
        self.init(decimal: decimal, currency: currency)
    }

    public init?(decimal: Decimal, currency: String) {
        let exponent = Currency.exponent(of: currency)
        var scaled = decimal * Money.powerOfTen(exponent)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled, rounded.isFinite, abs(rounded) <= Decimal(Money.limit) else { return nil }
        let units = NSDecimalNumber(decimal: rounded).int64Value
        guard Decimal(units) == rounded else { return nil }
        self.init(minorUnits: units, currency: currency)
    }

    /// An optional sign, digits with at most one point, and an optional exponent ("+1.5", "-.5", "1e3").
    static func isNumber(_ text: String) -> Bool {
        var utf8 = Substring(text).utf8[...]
        if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
        let mantissa = utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        var exponent = utf8.dropFirst(mantissa.count)
        guard mantissa.contains(where: \.isASCIIDigit), mantissa.allSatisfy({ $0.isASCIIDigit || $0 == UInt8(ascii: ".") }),
              mantissa.filter({ $0 == UInt8(ascii: ".") }).count <= 1 else { return false }
        guard !exponent.isEmpty else { return true }
        exponent = exponent.dropFirst()
        if let sign = exponent.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
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
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            units = units * 10 + Int64(byte - UInt8(ascii: "0"))
            // Past the limit the number is refused, long before Int64 could overflow.
            guard units <= limit else { return nil }
            if decimals >= 0 { decimals += 1 }
        }
        guard !utf8.isEmpty, decimals != 0, decimals <= exponent else { return nil }
        for _ in 0..<(exponent - max(decimals, 0)) {
            units *= 10
            guard units <= limit else { return nil }
        }
        return negative ? -units : units
    }

    /// `a + b` held at Int64's bounds instead of trapping. Amounts read from text
    /// stay within `limit`, but a store written by an older version may hold any
    /// Int64, and a report over it must not crash.
    public static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : result
    }

    /// `value * numerator / denominator` without overflow in between, held at Int64's bounds.
    public static func scaled(_ value: Int64, by numerator: Int64, over denominator: Int64) -> Int64 {
        Int64(clamping: Int128(value) * Int128(numerator) / Int128(denominator))
    }

    /// `column` held within ±`limit` in SQL, so a `SUM` over many never overflows.
    public static func bounded(_ column: String) -> String {
        "MIN(MAX(\(column), -\(limit)), \(limit))"
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
        return Money(minorUnits: sum(lhs.minorUnits, rhs.minorUnits), currency: lhs.currency)
    }
}
