import Foundation

/// Aggregations over saved receipts, always per currency. Async, so no query
/// runs on the main actor, and a cancelled task stops its query.
public protocol SpendingReporting: Sendable {
    func monthlyTotals() async throws -> [MonthlyTotal]
    func totalsByCurrency() async throws -> [Money]
    /// A period's spending converted into `primaryCurrency` at each receipt's
    /// day's rate; amounts without a rate are reported apart, not guessed.
    func report(period: AnalyticsPeriod, primaryCurrency: String, today: Date) async throws -> SpendingReport
}
