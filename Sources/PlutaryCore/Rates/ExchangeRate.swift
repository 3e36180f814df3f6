import Foundation

/// One exchange rate on one day: 1 `base` buys `rate` `quote` (ECB: base EUR).
public struct ExchangeRate: Hashable, Sendable, Identifiable {
    public enum Source: String, Sendable {
        case manual, ecb
    }

    public let day: String
    public let base: String
    public let quote: String
    public let rate: Decimal
    public let source: Source

    public init(day: String, base: String, quote: String, rate: Decimal, source: Source = .manual) {
        self.day = day
        self.base = base.uppercased()
        self.quote = quote.uppercased()
        self.rate = rate
        self.source = source
    }

    public var id: String { "\(base)/\(quote)/\(day)" }

    /// The rate as stored: a plain decimal string ("1.0892").
    public var rateString: String { NSDecimalNumber(decimal: rate).description(withLocale: Locale(identifier: "en_US_POSIX")) }
}
