import Foundation
import GRDB

/// Why the store could not be opened or written, in words a person can act on.
public enum StoreError: Error, LocalizedError, Equatable {
    case newerSchema(path: String)
    case corrupt(path: String, reason: String)
    case cannotCreateDirectory(path: String, reason: String)
    case notFound(String)
    /// Another writer kept the database locked for all of `AppDatabase.busyTimeout`.
    case busy

    /// SQLite's "database is locked", which a writer gets once the busy timeout is spent, as `.busy`; other errors as they are.
    public static func explained(_ error: Error) -> Error {
        guard let database = error as? DatabaseError, database.resultCode == .SQLITE_BUSY || database.resultCode == .SQLITE_LOCKED else {
            return error
        }
        return StoreError.busy
    }

    public var errorDescription: String? {
        switch self {
        case .newerSchema(let path):
            return "The database at \(path) was written by a newer version of Plutary. Update Plutary to open it; the file was left untouched."
        case .corrupt(let path, let reason):
            return "The database at \(path) is damaged or is not a Plutary database (\(reason)). It was left untouched; move it away or restore a backup."
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot create the data folder \(path): \(reason)"
        case .notFound(let what):
            return "Not found: \(what)"
        case .busy:
            return "Another Plutary (a window or a command) has been writing to the database for \(Int(AppDatabase.busyTimeout)) seconds. Nothing was changed; try again once it has finished."
        }
    }
}
