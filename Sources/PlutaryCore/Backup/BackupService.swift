import Foundation
import GRDB

/// A full backup: the database through SQLite's online backup API (a
/// consistent snapshot while the app keeps writing) plus the images folder.
///
///     DIR/plutary.sqlite   the database, a single self-contained file
///     DIR/images/…         the receipt images, as in the data folder
///     DIR/backup.json      what the backup holds, written last
///
/// Images are added by writing the file first and the database row after, and
/// never change, so images copied after the snapshot cover every row in it.
public struct BackupService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public static let databaseFileName = "plutary.sqlite"
    public static let imagesFolderName = "images"

    /// Writes a backup into `directory` (created when missing). An earlier
    /// backup there is replaced; its image files are reused.
    public func backup(to directory: URL, progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> BackupResult {
        if let location = database.location, Self.samePath(location.directory, directory) {
            throw BackupError.insideDataFolder(path: directory.path)
        }
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw BackupError.failed(reason: error.localizedDescription)
        }
        let target = directory.appendingPathComponent(Self.databaseFileName)
        let temporary = directory.appendingPathComponent(".\(Self.databaseFileName).partial")
        try? fileManager.removeItem(at: temporary)
        let receipts: Int
        do {
            let copy = try DatabaseQueue(path: temporary.path)
            try database.writer.backup(to: copy, pagesPerStep: 1024) { step in
                if step.totalPageCount > 0 {
                    progress(0.9 * Double(step.completedPageCount) / Double(step.totalPageCount))
                }
            }
            // The copy keeps the source's WAL flag; a rollback journal makes it one self-contained file.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            receipts = try copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0 }
            try copy.close()
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw BackupError.failed(reason: (error as? DatabaseError)?.message ?? error.localizedDescription)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: temporary)
            throw BackupError.failed(reason: reason)
        }
        var copied = 0
        var imageCount = 0
        if let images = database.location?.imagesDirectory {
            (copied, imageCount) = try Self.copyImages(from: images, to: directory.appendingPathComponent(Self.imagesFolderName))
        }
        let manifest = BackupManifest(createdAt: ISO8601DateFormatter().string(from: Date()), receiptCount: receipts, imageCount: imageCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(manifest).write(to: directory.appendingPathComponent(BackupManifest.fileName), options: .atomic)
        progress(1)
        return BackupResult(directory: directory, receiptCount: receipts, imagesCopied: copied,
                            databaseBytes: Self.size(of: target))
    }

    /// Replaces the store's contents with the backup in `directory` (through the
    /// online backup API, so an open store stays valid) and brings its images back.
    /// The backup is checked first: a damaged or newer one changes nothing.
    public func restore(from directory: URL) throws -> BackupResult {
        let source = directory.appendingPathComponent(Self.databaseFileName)
        let backupQueue = try Self.openChecked(source, directory: directory)
        defer { try? backupQueue.close() }
        do {
            try backupQueue.backup(to: database.writer)
            // An older backup is brought up to this version's schema.
            try Schema.migrator.migrate(database.writer)
        } catch {
            throw BackupError.failed(reason: (error as? DatabaseError)?.message ?? error.localizedDescription)
        }
        var copied = 0
        if let images = database.location?.imagesDirectory {
            copied = try Self.copyImages(from: directory.appendingPathComponent(Self.imagesFolderName), to: images).copied
            try relinkImages(in: images)
        }
        let receipts = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0 }
        return BackupResult(directory: directory, receiptCount: receipts, imagesCopied: copied, databaseBytes: Self.size(of: source))
    }

    /// Opens a backup read-only after checking it is SQLite, intact, and not from a newer schema.
    static func openChecked(_ file: URL, directory: URL) throws -> DatabaseQueue {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw BackupError.notABackup(path: directory.path) }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard header == Data("SQLite format 3\0".utf8) else {
            throw BackupError.damaged(path: directory.path, reason: "not an SQLite file")
        }
        var config = Configuration()
        config.readonly = true
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: config)
            try queue.read { db in
                if try Schema.migrator.hasBeenSuperseded(db) { throw BackupError.newerSchema(path: directory.path) }
                if let problem = try String.fetchOne(db, sql: "PRAGMA quick_check"), problem != "ok" {
                    throw BackupError.damaged(path: directory.path, reason: problem)
                }
                guard try db.tableExists("receipts") else { throw BackupError.damaged(path: directory.path, reason: "no receipts table") }
            }
            return queue
        } catch let error as DatabaseError {
            throw BackupError.damaged(path: directory.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Points `image_files.path` at this data folder's copy of each image: a
    /// backup made elsewhere names the paths of the folder it came from.
    private func relinkImages(in images: URL) throws {
        try database.writer.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT sha256, path FROM image_files")
            for row in rows {
                let path: String = row["path"]
                let sha: String = row["sha256"]
                let local = images.appendingPathComponent(String(sha.prefix(2)), isDirectory: true)
                    .appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
                if local.path != path, FileManager.default.fileExists(atPath: local.path) {
                    try db.execute(sql: "UPDATE image_files SET path = ? WHERE sha256 = ?", arguments: [local.path, sha])
                }
            }
        }
    }

    /// Copies image files (skipping hidden partial files and files already there); returns copied and total counts.
    static func copyImages(from source: URL, to target: URL) throws -> (copied: Int, total: Int) {
        let fileManager = FileManager.default
        guard let walker = fileManager.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey],
                                                  options: [.skipsHiddenFiles]) else { return (0, 0) }
        var copied = 0, total = 0
        for case let file as URL in walker {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            total += 1
            let relative = file.path.dropFirst(source.path.count).drop { $0 == "/" }
            let destination = target.appendingPathComponent(String(relative))
            if fileManager.fileExists(atPath: destination.path) { continue }
            do {
                try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fileManager.copyItem(at: file, to: destination)
            } catch {
                throw BackupError.failed(reason: error.localizedDescription)
            }
            copied += 1
        }
        return (copied, total)
    }

    static func samePath(_ a: URL, _ b: URL) -> Bool {
        a.standardizedFileURL.resolvingSymlinksInPath().path == b.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
