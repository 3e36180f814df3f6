/// One purchase of a product: the unit price paid, where, and on which receipt.
public struct PricePoint: Hashable, Sendable {
    public let day: String
    public let merchant: String?
    public let price: Money
    public let unit: String?
    public let receiptId: String
    /// The line as the receipt wrote it.
    public let description: String

    public init(day: String, merchant: String?, price: Money, unit: String?, receiptId: String, description: String) {
        self.day = day
        self.merchant = merchant
        self.price = price
        self.unit = unit
        self.receiptId = receiptId
        self.description = description
    }
}
