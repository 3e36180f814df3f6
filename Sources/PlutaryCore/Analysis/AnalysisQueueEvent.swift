/// What the queue reports to whoever shows it.
public enum AnalysisQueueEvent: Sendable, Equatable {
    /// A job changed state (claimed, done, rescheduled, failed).
    case job(AnalysisJob)
    /// Bytes of a job's upload sent so far, of the total (several per upload).
    case progress(jobId: String, receiptId: String?, sent: Int64, total: Int64)
    /// The token is missing or was refused: the queue waits until `resume()`.
    case needsToken(String)
    /// Nothing is pending or uploading.
    case idle
}
