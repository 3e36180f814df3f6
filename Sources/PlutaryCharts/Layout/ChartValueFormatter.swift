import Foundation
import PlutaryCore

/// Writes chart values (minor units of one currency) for axis labels and
/// tooltips, the way the locale writes that currency. Axis labels drop the
/// decimals when the ticks are whole amounts ("CA$1,500" rather than "CA$1,500.00").
public struct ChartValueFormatter: @unchecked Sendable {
    public let currency: String
    public let locale: Locale
    private let money: MoneyFormatter
    private let whole: NumberFormatter
    private let percent: NumberFormatter

    public init(currency: String, locale: Locale = .preferred) {
        self.currency = currency
        self.locale = locale
        money = MoneyFormatter(locale: locale)
        whole = NumberFormatter()
        whole.locale = locale
        whole.numberStyle = .currency
        whole.currencyCode = currency
        if let symbol = Currency.named(currency)?.symbol, locale.currency?.identifier != currency { whole.currencySymbol = symbol }
        whole.maximumFractionDigits = 0
        whole.minimumFractionDigits = 0
        percent = NumberFormatter()
        percent.locale = locale
        percent.numberStyle = .percent
        percent.maximumFractionDigits = 1
        percent.minimumFractionDigits = 1
    }

    /// A full amount: "CA$1,234.50".
    public func amount(_ minorUnits: Double) -> String {
        money.string(from: Money(rounding: minorUnits, currency: currency))
    }

    /// An axis tick; whole units when the step allows.
    public func tick(_ minorUnits: Double, step: Double) -> String {
        let scale = pow(10, Double(Currency.exponent(of: currency)))
        if (step / scale).rounded() == step / scale, step >= scale {
            return whole.string(from: NSNumber(value: minorUnits / scale)) ?? amount(minorUnits)
        }
        return amount(minorUnits)
    }

    /// A share: "42.5 %" in the locale's way.
    public func share(_ fraction: Double) -> String {
        percent.string(from: NSNumber(value: fraction)) ?? String(format: "%.1f%%", fraction * 100)
    }
}
