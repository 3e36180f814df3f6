/// Where a job is: pending → uploading → done / failed (an interrupted
/// upload goes back to pending).
public enum AnalysisJobState: String, Sendable, CaseIterable {
    case pending, uploading, done, failed
}
