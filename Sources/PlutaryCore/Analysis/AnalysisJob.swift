import Foundation

/// One row of `analysis_jobs`: a receipt image to send, and what came of it.
public struct AnalysisJob: Hashable, Sendable, Identifiable {
    public var id: String
    public var receiptId: String?
    public var imageSha256: String?
    public var provider: String
    public var state: AnalysisJobState
    public var attempts: Int
    public var lastError: String?
    public var nextAttemptAt: Date?
    /// The service's reading, for the review screen's "use remote values".
    public var remoteResult: ReceiptPayload?
    public var remoteId: String?
    /// Receipt fields the result filled because they were empty.
    public var filledFields: [String]
    public var updatedAt: Date

    public init(id: String, receiptId: String?, imageSha256: String?, provider: String, state: AnalysisJobState,
                attempts: Int = 0, lastError: String? = nil, nextAttemptAt: Date? = nil, remoteResult: ReceiptPayload? = nil,
                remoteId: String? = nil, filledFields: [String] = [], updatedAt: Date = Date()) {
        self.id = id; self.receiptId = receiptId; self.imageSha256 = imageSha256; self.provider = provider
        self.state = state; self.attempts = attempts; self.lastError = lastError; self.nextAttemptAt = nextAttemptAt
        self.remoteResult = remoteResult; self.remoteId = remoteId; self.filledFields = filledFields; self.updatedAt = updatedAt
    }
}
