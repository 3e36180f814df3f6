import Foundation

/// Why a scan did not happen, in words for the person.
public enum ScannerError: LocalizedError, Equatable {
    /// SANE is not installed, or cannot start.
    case unavailable(String)
    case noScanner
    case noSuchScanner(String)
    /// The scanner has no such source (asked for the feeder of a flatbed-only scanner).
    case noSource(ScanSource)
    case feederEmpty
    /// SANE's own message for a failed call.
    case failed(String)

    public var errorDescription: String? {
        switch self {
        case .unavailable(let reason): String(format: tr("Scanning is not available: %@"), reason)
        case .noScanner: tr("No scanner was found.")
        case .noSuchScanner(let name): String(format: tr("No scanner named %@ was found."), name)
        case .noSource(.adf): tr("This scanner has no document feeder.")
        case .noSource(.flatbed): tr("This scanner has no flatbed.")
        case .feederEmpty: tr("The document feeder is empty.")
        case .failed(let message): String(format: tr("The scanner failed: %@"), message)
        }
    }
}
