import Foundation

/// Aggregations over saved receipts, always per currency.
public protocol SpendingReporting: Sendable {
    func monthlyTotals() throws -> [MonthlyTotal]
    func totalsByCurrency() throws -> [Money]
    /// A period's spending converted into `primaryCurrency` at each receipt's
    /// day's rate; amounts without a rate are reported apart, not guessed.
    func report(period: AnalyticsPeriod, primaryCurrency: String, today: Date) throws -> SpendingReport
}
