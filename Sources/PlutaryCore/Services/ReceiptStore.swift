import Foundation

/// The receipts as the rest of the app sees them; the live implementation is
/// `ReceiptRepository` over SQLite. Every method is async, so no query runs on
/// the main actor, and a cancelled task stops its query.
public protocol ReceiptStore: Sendable {
    /// Summaries newest first; the query's search goes through the full-text index.
    func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary]
    func receipt(id: String) async throws -> ReceiptPayload?
    /// Read as a row expands.
    func lineItems(receiptId: String) async throws -> [LineItemPayload]
    /// Inserts or updates (by `payload.id`) a receipt with its items and price
    /// records in one transaction; returns its id.
    @discardableResult func save(_ payload: ReceiptPayload) async throws -> String
    /// Saved receipts that look like `payload`: the same image, or the same
    /// merchant, date, total and currency. The receipt itself is never listed.
    /// It runs as the person types.
    func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch]
    func delete(ids: [String]) async throws
    func count() async throws -> Int
    /// Changes with every write; nil when the store cannot tell, and every read is then a new one.
    func generation() async -> StoreGeneration?
}

extension ReceiptStore {
    public func generation() async -> StoreGeneration? { nil }

    public func summaries(search: String?) async throws -> [ReceiptSummary] {
        try await summaries(matching: ReceiptQuery(search: search))
    }
}
