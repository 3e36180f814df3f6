/// A category's spending over the period and its share of the converted total.
public struct CategorySpending: Hashable, Sendable {
    public let category: SpendingCategory
    public let amount: Money
    /// 0…1 of the period's total.
    public let share: Double

    public init(category: SpendingCategory, amount: Money, share: Double) {
        self.category = category
        self.amount = amount
        self.share = share
    }
}
