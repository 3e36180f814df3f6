/// Why the review screen is open: checking freshly scanned receipts one after
/// another, or editing one receipt reopened from the list.
public enum ReviewMode: Equatable, Sendable {
    case batch
    case editing
}
