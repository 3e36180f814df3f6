/// One category's part of a month, in minor units of the report's currency.
public struct CategoryAmount: Hashable, Sendable {
    public let category: SpendingCategory
    public let minorUnits: Int64

    public init(category: SpendingCategory, minorUnits: Int64) {
        self.category = category
        self.minorUnits = minorUnits
    }
}
