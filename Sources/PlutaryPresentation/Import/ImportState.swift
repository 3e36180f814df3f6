import PlutaryCore

/// Where one file of an import is.
public enum ImportState: Equatable, Sendable {
    case queued
    case reading
    case parsed
    case failed(String)
    case cancelled

    public var text: String {
        switch self {
        case .queued: tr("Queued")
        case .reading: tr("Reading…")
        case .parsed: tr("Ready to review")
        case .failed(let reason): String(format: tr("Failed: %@"), reason)
        case .cancelled: tr("Cancelled")
        }
    }

    public var isFinished: Bool {
        switch self {
        case .queued, .reading: false
        case .parsed, .failed, .cancelled: true
        }
    }
}
