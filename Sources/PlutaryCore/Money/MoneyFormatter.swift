import Foundation

/// Formats money for people, the way their locale writes that currency
/// (CA$12.50 in en_US, 12,50 € in fr_FR, ¥1,200 for yen).
/// One NumberFormatter per currency is kept: lists format tens of thousands of amounts.
public final class MoneyFormatter: @unchecked Sendable {
    public let locale: Locale
    private var formatters: [String: NumberFormatter] = [:]
    private let lock = NSLock()

    public init(locale: Locale = .preferred) {
        self.locale = locale
    }

    public func string(from money: Money) -> String {
        let formatter = numberFormatter(for: money)
        // The number is built from the minor units as they are: `money.decimal` divides by a
        // power of ten, and Decimal's division took three quarters of formatting 100 000 rows.
        let number = NSDecimalNumber(mantissa: money.minorUnits.magnitude, exponent: Int16(-money.exponent),
                                     isNegative: money.minorUnits < 0)
        return formatter.string(from: number) ?? "\(money.decimalString) \(money.currency)"
    }

    /// The currency's formatter, made once.
    func numberFormatter(for money: Money) -> NumberFormatter {
        lock.withLock { formatters[money.currency] ?? makeFormatter(for: money) }
    }

    private func makeFormatter(for money: Money) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = money.currency
        if let symbol = Currency.named(money.currency)?.symbol, locale.currency?.identifier != money.currency {
            formatter.currencySymbol = symbol
        }
        formatter.minimumFractionDigits = money.exponent
        formatter.maximumFractionDigits = money.exponent
        formatters[money.currency] = formatter
        return formatter
    }
}
