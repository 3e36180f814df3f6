import Foundation

/// Why a backup or restore did not happen; the store is left as it was.
public enum BackupError: Error, LocalizedError, Equatable {
    case insideDataFolder(path: String)
    case notABackup(path: String)
    case newerSchema(path: String)
    case damaged(path: String, reason: String)
    case failed(reason: String)

    public var errorDescription: String? {
        switch self {
        case .insideDataFolder(let path):
            return String(format: tr("%@ is in the data folder; choose a folder outside it for the backup."), path)
        case .notABackup(let path):
            return String(format: tr("%@ holds no Plutary backup (plutary.sqlite is missing)."), path)
        case .newerSchema(let path):
            return String(format: tr("The backup in %@ was written by a newer Plutary. Update Plutary to restore it; nothing was changed."), path)
        case .damaged(let path, let reason):
            return String(format: tr("The backup in %@ is damaged (%@); nothing was changed."), path, reason)
        case .failed(let reason):
            return String(format: tr("The backup failed: %@"), reason)
        }
    }
}
