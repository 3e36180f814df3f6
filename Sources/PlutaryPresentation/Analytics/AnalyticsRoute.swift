/// What the Analytics screen asks its coordinator to do.
public enum AnalyticsRoute: Hashable, Sendable {
    /// Show the receipts list filtered to a month or a category of the period.
    case showReceipts(ReceiptFilter)
}
