import Foundation

/// The receipts as the rest of the app sees them; the live implementation is
/// `ReceiptRepository` over SQLite.
public protocol ReceiptStore: Sendable {
    /// Summaries newest first; the query's search goes through the full-text index.
    func summaries(matching query: ReceiptQuery) throws -> [ReceiptSummary]
    func receipt(id: String) throws -> ReceiptPayload?
    /// Async: read as a row expands, off the main actor.
    func lineItems(receiptId: String) async throws -> [LineItemPayload]
    /// Inserts or updates (by `payload.id`) a receipt with its items and price
    /// records in one transaction; returns its id.
    @discardableResult func save(_ payload: ReceiptPayload) throws -> String
    /// Saved receipts that look like `payload`: the same image, or the same
    /// merchant, date, total and currency. The receipt itself is never listed.
    /// Async: it runs as the person types, off the main actor, and a cancelled check stops its query.
    func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch]
    func delete(ids: [String]) throws
    func count() throws -> Int
}

extension ReceiptStore {
    public func summaries(search: String?) throws -> [ReceiptSummary] {
        try summaries(matching: ReceiptQuery(search: search))
    }
}
