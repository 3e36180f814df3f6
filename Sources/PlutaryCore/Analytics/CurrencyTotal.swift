/// What was spent in one currency, as spent, and (when every rate was known)
/// what that is in the primary currency.
public struct CurrencyTotal: Hashable, Sendable {
    public let amount: Money
    public let receiptCount: Int
    public let converted: Money?
    /// The part of `amount` with no rate to the primary currency.
    public let unconverted: Money?

    public init(amount: Money, receiptCount: Int, converted: Money?, unconverted: Money?) {
        self.amount = amount
        self.receiptCount = receiptCount
        self.converted = converted
        self.unconverted = unconverted
    }
}
