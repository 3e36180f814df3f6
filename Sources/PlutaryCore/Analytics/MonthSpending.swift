/// A month's spending in the report's currency, split by category (in the
/// report's category order; empty months have no parts).
public struct MonthSpending: Hashable, Sendable {
    public let month: String
    public let parts: [CategoryAmount]
    public let receiptCount: Int

    public init(month: String, parts: [CategoryAmount], receiptCount: Int) {
        self.month = month
        self.parts = parts
        self.receiptCount = receiptCount
    }

    public var total: Int64 { parts.reduce(0) { Money.sum($0, $1.minorUnits) } }
}
