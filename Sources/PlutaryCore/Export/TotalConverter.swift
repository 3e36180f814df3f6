import Foundation

/// Converts a receipt's total into the primary currency with the rate the
/// `exchange_rates` table holds for its day (the latest on or before it).
struct TotalConverter {
    let primary: String
    /// Rate texts parsed once: a large export meets the same few rates again and again.
    private var parsed: [String: Decimal] = [:]

    init(primary: String) {
        self.primary = primary.uppercased()
    }

    /// `rate` converts currency → primary; `inverseRate` primary → currency. Nil without either.
    mutating func convert(minorUnits: Int64, currency: String, rate: String?, inverseRate: String?) -> Int64? {
        if currency.uppercased() == primary { return minorUnits }
        let factor: Decimal
        if let rate, let value = decimal(rate), value > 0 {
            factor = value
        } else if let inverseRate, let value = decimal(inverseRate), value > 0 {
            factor = 1 / value
        } else {
            return nil
        }
        var value = Decimal(minorUnits) * factor * Money.powerOfTen(Currency.exponent(of: primary))
            / Money.powerOfTen(Currency.exponent(of: currency))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    private mutating func decimal(_ text: String) -> Decimal? {
        if let cached = parsed[text] { return cached }
        let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        parsed[text] = value
        return value
    }
}
