import PlutaryCore

/// An exchange rate as the rates editor lists it.
public struct RateRow: Hashable, Sendable, Identifiable {
    public let rate: ExchangeRate
    public let date: String
    public let pair: String
    public let value: String
    public let source: String

    /// `decimalSeparator` is the locale's: "1,4735" in French. The digits are the stored ones, never rounded.
    public init(rate: ExchangeRate, days: DayFormatter, decimalSeparator: String = ".") {
        self.rate = rate
        date = days.string(fromISO: rate.day)
        pair = "\(rate.base) → \(rate.quote)"
        value = rate.rateString.replacingOccurrences(of: ".", with: decimalSeparator)
        source = rate.source == .ecb ? tr("ECB") : tr("Manual")
    }

    public var id: String { rate.id }
}
