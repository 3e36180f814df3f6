/// Where the Analytics section sends what it cannot do itself: the receipts
/// list belongs to the Receipts section.
@MainActor
public protocol AnalyticsCoordinatorDelegate: AnyObject {
    func analyticsCoordinator(_ coordinator: AnalyticsCoordinator, showReceipts filter: ReceiptFilter)
}
