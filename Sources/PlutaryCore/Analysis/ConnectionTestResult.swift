/// The answer to "Test connection".
public enum ConnectionTestResult: Equatable, Sendable {
    case ok
    case badToken
    /// Any other HTTP status.
    case status(Int)
    /// No HTTP answer at all (refused, timeout, DNS...).
    case unreachable(String)
}
