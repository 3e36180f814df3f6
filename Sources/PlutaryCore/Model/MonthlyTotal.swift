import Foundation

/// Spending in one currency over one calendar month ("2026-03").
public struct MonthlyTotal: Hashable, Sendable {
    public let month: String
    public let total: Money
    public let receiptCount: Int

    public init(month: String, total: Money, receiptCount: Int) {
        self.month = month
        self.total = total
        self.receiptCount = receiptCount
    }
}
