import PlutaryCore

/// A currency's spending as the Analytics screen lists it.
public struct CurrencyTotalRow: Hashable, Sendable {
    public let currency: String
    public let spent: String
    /// The amount in the primary currency, or why there is none.
    public let converted: String
    public let receipts: String
    public let isMissingRate: Bool
}

/// A merchant among the period's top ones.
public struct MerchantRow: Hashable, Sendable {
    public let name: String
    public let amount: String
    public let receipts: String
}

/// A product among the biggest price increases.
public struct PriceIncreaseRow: Hashable, Sendable {
    public let productId: Int64
    public let name: String
    public let from: String
    public let to: String
    public let change: String
}

/// A category's inflation over the period.
public struct InflationRow: Hashable, Sendable {
    public let category: String
    public let change: String
    public let products: String
}
