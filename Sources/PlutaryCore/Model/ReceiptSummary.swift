import Foundation

/// One row of the receipts list: what a person scans a list by.
public struct ReceiptSummary: Hashable, Sendable, Identifiable {
    public let id: String
    public let purchaseDate: String?
    public let merchantName: String?
    public let category: String?
    public let total: Money?
    public let itemCount: Int
    public let isFixture: Bool

    public init(id: String, purchaseDate: String?, merchantName: String?, category: String?, total: Money?, itemCount: Int, isFixture: Bool = false) {
        self.id = id
        self.purchaseDate = purchaseDate
        self.merchantName = merchantName
        self.category = category
        self.total = total
        self.itemCount = itemCount
        self.isFixture = isFixture
    }
}
