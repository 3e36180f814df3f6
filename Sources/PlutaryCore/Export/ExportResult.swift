import Foundation

/// What an export wrote.
public struct ExportResult: Sendable, Equatable {
    public let receiptCount: Int
    /// Rows written after the header (receipts or line items; receipts for JSON).
    public let rowCount: Int
    public let byteCount: Int64
    public let url: URL?
}
