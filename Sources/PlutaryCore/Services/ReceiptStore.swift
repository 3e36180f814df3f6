import Foundation

/// The receipts as the rest of the app sees them; the live implementation is
/// `ReceiptRepository` over SQLite.
public protocol ReceiptStore: Sendable {
    /// Summaries newest first; `search` filters through the full-text index.
    func summaries(search: String?) throws -> [ReceiptSummary]
    func receipt(id: String) throws -> ReceiptPayload?
    func lineItems(receiptId: String) throws -> [LineItemPayload]
    /// Inserts or updates (by `payload.id`) a receipt with its items and price
    /// records in one transaction; returns its id.
    @discardableResult func save(_ payload: ReceiptPayload) throws -> String
    func delete(ids: [String]) throws
    func count() throws -> Int
}
