import Foundation

/// Aggregations over saved receipts, always per currency.
public protocol SpendingReporting: Sendable {
    func monthlyTotals() throws -> [MonthlyTotal]
    func totalsByCurrency() throws -> [Money]
}
