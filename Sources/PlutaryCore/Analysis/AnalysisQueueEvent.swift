/// What the queue reports to whoever shows it.
public enum AnalysisQueueEvent: Sendable, Equatable {
    /// A job changed state (claimed, done, rescheduled, failed).
    case job(AnalysisJob)
    /// The token is missing or was refused: the queue waits until `resume()`.
    case needsToken(String)
    /// Nothing is pending or uploading.
    case idle
}
