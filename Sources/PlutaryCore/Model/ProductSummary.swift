import Foundation

/// One product in the products list: how often it was bought and its last price.
public struct ProductSummary: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let purchaseCount: Int
    public let latestPrice: Money?
    public let latestDate: String?

    public init(id: Int64, name: String, purchaseCount: Int, latestPrice: Money?, latestDate: String?) {
        self.id = id
        self.name = name
        self.purchaseCount = purchaseCount
        self.latestPrice = latestPrice
        self.latestDate = latestDate
    }
}
