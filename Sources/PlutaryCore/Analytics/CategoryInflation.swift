/// A category's inflation over a period: the mean price change of the products
/// bought both at its start and at its end.
public struct CategoryInflation: Hashable, Sendable {
    public let category: SpendingCategory
    /// Mean relative change: 0.05 for five per cent.
    public let change: Double
    public let productCount: Int

    public init(category: SpendingCategory, change: Double, productCount: Int) {
        self.category = category
        self.change = change
        self.productCount = productCount
    }
}
