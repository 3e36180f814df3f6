import Foundation

/// Why an export stopped; the destination is left as it was.
public enum ExportError: Error, LocalizedError, Equatable {
    case cancelled
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .cancelled:
            return tr("The export was cancelled; no file was written.")
        case .cannotWrite(let path, let reason):
            return String(format: tr("Cannot write %@: %@"), path, reason)
        }
    }
}
