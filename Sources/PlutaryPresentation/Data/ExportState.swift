/// Where an export is.
public enum ExportState: Equatable, Sendable {
    case idle
    case running(done: Int, total: Int)
    case finished(String)
    case failed(String)
    case cancelled
}
