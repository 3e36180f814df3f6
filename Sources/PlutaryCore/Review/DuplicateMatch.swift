/// A saved receipt that looks like the one being reviewed, and why.
public struct DuplicateMatch: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// Saved from the same image file content (SHA-256).
        case sameImage
        /// Same merchant, date, total and currency.
        case sameDetails
    }

    public let receipt: ReceiptSummary
    public let reason: Reason

    public init(receipt: ReceiptSummary, reason: Reason) {
        self.receipt = receipt
        self.reason = reason
    }
}
