import PlutaryCore

/// An exchange rate as the rates editor lists it.
public struct RateRow: Hashable, Sendable, Identifiable {
    public let rate: ExchangeRate
    public let date: String
    public let pair: String
    public let value: String
    public let source: String

    public init(rate: ExchangeRate, days: DayFormatter) {
        self.rate = rate
        date = days.string(fromISO: rate.day)
        pair = "\(rate.base) → \(rate.quote)"
        value = rate.rateString
        source = rate.source == .ecb ? tr("ECB") : tr("Manual")
    }

    public var id: String { rate.id }
}
