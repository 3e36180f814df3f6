import Foundation
import GRDB

/// The SQLite store: one file in the data folder (WAL, foreign keys on), or an
/// in-memory database for fixtures and tests.
public final class AppDatabase: Sendable {
    public let writer: any DatabaseWriter
    /// The data folder, nil for an in-memory store.
    public let location: StoreLocation?
    private let commits = CommitCounter()

    init(writer: any DatabaseWriter, location: StoreLocation?) throws {
        self.writer = writer
        self.location = location
        try AppDatabase.migrate(writer, path: location?.databaseURL.path ?? ":memory:")
        writer.add(transactionObserver: commits, extent: .databaseLifetime)
    }

    /// Changes with every write to the store: a view that read the store at one generation
    /// need not read it again while the generation is the same.
    public var generation: StoreGeneration {
        let files = location.map { [$0.databaseURL, URL(fileURLWithPath: $0.databaseURL.path + "-wal")] } ?? []
        return StoreGeneration(commits: commits.value, files: files)
    }

    /// For writes that commit no transaction through the writer (a backup copied into the store).
    func noteChange() {
        commits.bump()
    }

    public static let busyTimeout: TimeInterval = 30

    /// Each connection's page cache, in KiB (negative: a size, not a page count). The report's sums join
    /// every receipt with its item totals; in SQLite's default 2 MB those pages were read again and again.
    static let pageCacheSize = -16_384

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // A second writer (another window, the command line) waits this long for the first to finish.
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = \(pageCacheSize)")
        }
        return config
    }

    /// Opens (creating when absent) the store in a data folder. A file written by a
    /// newer schema or one that is not a database fails with a clear error and is
    /// left exactly as it was.
    public static func open(at location: StoreLocation) throws -> AppDatabase {
        do {
            try PrivateFile.createFolder(location.directory)
        } catch {
            throw StoreError.cannotCreateDirectory(path: location.directory.path, reason: error.localizedDescription)
        }
        let path = location.databaseURL.path
        try checkHeader(path: path)
        try rollBackInterruptedImport(path: path)
        if FileManager.default.fileExists(atPath: path) { try inspectReadOnly(path: path) }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
        } catch let error as DatabaseError {
            throw StoreError.corrupt(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        // SQLite creates the WAL and shared-memory files with the database's mode.
        PrivateFile.restrict(path, path + "-wal", path + "-shm")
        return try AppDatabase(writer: pool, location: location)
    }

    /// An empty in-memory store.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(configuration: configuration()), location: nil)
    }

    /// Refuses files that are not SQLite before SQLite touches them, so opening
    /// in WAL mode can never rewrite a damaged or foreign file.
    private static func checkHeader(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }
        if header != Data("SQLite format 3\0".utf8) {
            throw StoreError.corrupt(path: path, reason: "not an SQLite file")
        }
    }

    /// A bulk import writes with a rollback journal (BulkLoad) and, killed, leaves it behind; SQLite
    /// rolls it back at the next read-write open, which a read-only connection cannot do. So a
    /// read-write connection reads first, restoring the store as it was before the import.
    private static func rollBackInterruptedImport(path: String) throws {
        guard FileManager.default.fileExists(atPath: path + "-journal") else { return }
        var config = Configuration()
        // The journal of an import still running: wait for it as a writer would.
        config.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
    }

    /// What a failure to read the store while opening it means: an import holding it (busy), else damage.
    private static func openingError(_ error: DatabaseError, path: String) -> StoreError {
        error.resultCode == .SQLITE_BUSY ? .busy : .corrupt(path: path, reason: error.message ?? "\(error.resultCode)")
    }

    /// Checks an existing file through a read-only connection, so a newer or damaged
    /// database is refused before a migration could write to it. The page-by-page
    /// check runs only then: it reads the whole file (seconds for 100 000 receipts, on
    /// every start); otherwise SQLite reports damage on the pages a query touches.
    private static func inspectReadOnly(path: String) throws {
        var config = Configuration()
        config.readonly = true
        // While a bulk import holds the store in rollback-journal mode, reads wait for it (BulkLoad).
        config.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            try queue.read { db in
                if try Schema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
                guard try !Schema.migrator.hasCompletedMigrations(db) else { return }
                if let problem = try String.fetchOne(db, sql: "PRAGMA quick_check"), problem != "ok" {
                    throw StoreError.corrupt(path: path, reason: problem)
                }
            }
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        let migrator = Schema.migrator
        do {
            let (superseded, current) = try writer.read { db in
                (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw StoreError.newerSchema(path: path) }
            // Checked after migrating only when migrations ran.
            if current { return }
            try migrator.migrate(writer)
            try writer.read { db in
                if let problem = try String.fetchOne(db, sql: "PRAGMA quick_check"), problem != "ok" {
                    throw StoreError.corrupt(path: path, reason: problem)
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.corrupt(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
