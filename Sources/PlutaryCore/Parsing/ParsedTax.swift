import Foundation

/// One tax line: "HST 13% 2.60", or a row of a VAT table ("A 19% net tax gross").
public struct ParsedTax: Hashable, Sendable {
    public var name: String
    /// Percent, e.g. 13 for 13 %.
    public var rate: Decimal?
    public var amount: Decimal
    public var lineIndex: Int
    /// A VAT table row's gross column, when its net plus its tax make it: the rows' gross amounts add up to the total.
    public var gross: Decimal?

    public init(name: String, rate: Decimal? = nil, amount: Decimal, lineIndex: Int, gross: Decimal? = nil) {
        self.name = name; self.rate = rate; self.amount = amount; self.lineIndex = lineIndex; self.gross = gross
    }
}
