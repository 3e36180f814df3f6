/// How a product's price moved over a period: its mean unit price in the first
/// month it was bought and in the last one (same currency and unit).
public struct PriceChange: Hashable, Sendable {
    public let productId: Int64
    public let name: String
    public let unit: String?
    public let from: Money
    public let to: Money
    public let fromMonth: String
    public let toMonth: String

    public init(productId: Int64, name: String, unit: String?, from: Money, to: Money, fromMonth: String, toMonth: String) {
        self.productId = productId
        self.name = name
        self.unit = unit
        self.from = from
        self.to = to
        self.fromMonth = fromMonth
        self.toMonth = toMonth
    }

    /// The relative change: 0.1 for ten per cent dearer.
    public var change: Double {
        from.minorUnits == 0 ? 0 : (Double(to.minorUnits) - Double(from.minorUnits)) / Double(from.minorUnits)
    }
}
