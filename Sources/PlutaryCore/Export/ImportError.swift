import Foundation

/// Why an import was refused; the store is left exactly as it was.
public enum ImportError: Error, LocalizedError, Equatable {
    case unreadable(path: String, reason: String)
    case notAnExport
    case newerFormat(found: Int, supported: Int)
    case malformed(reason: String)
    case invalidReceipt(index: Int, id: String?, reason: String)
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            return String(format: tr("Cannot read %@: %@"), path, reason)
        case .notAnExport:
            return tr("This file is not a Plutary JSON export (no \"format\": \"plutary-receipts\" field). Nothing was imported.")
        case .newerFormat(let found, let supported):
            return String(format: tr("This file was exported by a newer Plutary (format version %d; this version reads up to %d). Update Plutary to import it. Nothing was imported."), found, supported)
        case .malformed(let reason):
            return String(format: tr("The file is not valid JSON for a Plutary export: %@. Nothing was imported."), reason)
        case .invalidReceipt(let index, let id, let reason):
            return String(format: tr("Receipt %d (%@) is invalid: %@. Nothing was imported."), index + 1, id ?? "—", reason)
        case .cancelled:
            return tr("The import was cancelled. Nothing was imported.")
        }
    }
}
