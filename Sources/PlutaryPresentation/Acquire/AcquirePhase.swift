/// Where Scan from Scanner… stands.
public enum AcquirePhase: Equatable, Sendable {
    case lookingForScanners
    /// Scanners listed: pick one and scan.
    case ready
    /// No scanner, or no SANE: the message says which.
    case unavailable(String)
    case scanning(sheet: Int, fraction: Double)
    /// The last scan failed; another can be tried.
    case failed(String)
}
