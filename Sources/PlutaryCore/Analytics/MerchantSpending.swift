/// A merchant's spending over the period, in the primary currency.
public struct MerchantSpending: Hashable, Sendable {
    public let name: String
    public let amount: Money
    public let receiptCount: Int

    public init(name: String, amount: Money, receiptCount: Int) {
        self.name = name
        self.amount = amount
        self.receiptCount = receiptCount
    }
}
