import Foundation

/// One product in the products list: how often it was bought, its last price,
/// and how that price moved.
public struct ProductSummary: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let purchaseCount: Int
    public let latestPrice: Money?
    public let latestDate: String?
    /// "kg" when sold by weight; nil per item.
    public let unit: String?
    /// Relative change of the latest price against 3 and 12 months before.
    public let change3Months: Double?
    public let change12Months: Double?
    /// Mean unit price per month over the last 12 months, oldest first (months without purchases left out).
    public let sparkline: [Double]

    public init(id: Int64, name: String, purchaseCount: Int, latestPrice: Money?, latestDate: String?, unit: String? = nil,
                change3Months: Double? = nil, change12Months: Double? = nil, sparkline: [Double] = []) {
        self.id = id
        self.name = name
        self.purchaseCount = purchaseCount
        self.latestPrice = latestPrice
        self.latestDate = latestDate
        self.unit = unit
        self.change3Months = change3Months
        self.change12Months = change12Months
        self.sparkline = sparkline
    }
}
