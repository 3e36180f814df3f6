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
        // A backup inside the data folder would be copied into the next one, nesting on each run.
        if let location = database.location, Self.isInside(directory, location.directory) {
            throw BackupError.insideDataFolder(path: directory.path)
        }
        let fileManager = FileManager.default
        do {
            try PrivateFile.createFolder(directory)
        } catch {
            throw BackupError.failed(reason: error.localizedDescription)
        }
        let target = directory.appendingPathComponent(Self.databaseFileName)
        let temporary = directory.appendingPathComponent(".\(Self.databaseFileName).partial")
        PrivateFile.create(temporary.path)
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
            let outcome = try ImageCopier(source: images, target: directory.appendingPathComponent(Self.imagesFolderName)).copy()
            (copied, imageCount) = (outcome.copied.count, outcome.total)
        }
        let manifest = BackupManifest(createdAt: ISO8601DateFormatter().string(from: Date()), receiptCount: receipts, imageCount: imageCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let manifestURL = directory.appendingPathComponent(BackupManifest.fileName)
        try? encoder.encode(manifest).write(to: manifestURL, options: .atomic)
        PrivateFile.restrict(manifestURL.path)
        progress(1)
        return BackupResult(directory: directory, receiptCount: receipts, imagesCopied: copied,
                            databaseBytes: Self.size(of: target))
    }

    /// Replaces the store's contents with the backup in `directory`, all or
    /// nothing. The backup is checked first (intact, not newer, the app's own
    /// schema and nothing else); it is then prepared in a staging copy (brought up
    /// to this version's schema); its images are copied in, verified, and the
    /// copy's image paths pointed at them; and only then is the store swapped, in one
    /// transaction through the online backup API (so an open store stays valid).
    /// A failure or a kill before the swap leaves the store as it was.
    public func restore(from directory: URL) throws -> BackupResult {
        let source = directory.appendingPathComponent(Self.databaseFileName)
        let backupQueue = try Self.openChecked(source, directory: directory)
        defer { try? backupQueue.close() }
        let images = database.location?.imagesDirectory
        let stagingFolder = database.location?.directory ?? FileManager.default.temporaryDirectory
        let staging = stagingFolder.appendingPathComponent(".restore-\(UUID().uuidString).partial")
        defer { try? FileManager.default.removeItem(at: staging) }
        var copied: [URL] = []
        do {
            let stage = try DatabaseQueue(path: staging.path)
            defer { try? stage.close() }
            try backupQueue.backup(to: stage)
            try Schema.migrator.migrate(stage)
            if let images {
                copied = try ImageCopier(source: directory.appendingPathComponent(Self.imagesFolderName), target: images,
                                         requireMatchingNames: true).copy().copied
            }
            try stage.write { db in try Self.relinkImages(db, into: images) }
            try stage.backup(to: database.writer)
            database.noteChange()
        } catch {
            // Images new to this folder were for the restored store only.
            for file in copied { try? FileManager.default.removeItem(at: file) }
            if let error = error as? BackupError { throw error }
            throw BackupError.failed(reason: (error as? DatabaseError)?.message ?? error.localizedDescription)
        }
        let receipts = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0 }
        return BackupResult(directory: directory, receiptCount: receipts, imagesCopied: copied.count, databaseBytes: Self.size(of: source))
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
                if let problem = try BackupSchema.problem(in: db) { throw BackupError.damaged(path: directory.path, reason: problem) }
            }
            return queue
        } catch let error as DatabaseError {
            throw BackupError.damaged(path: directory.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Points every `image_files.path` at this data folder's copy of the image,
    /// named by its hash as the library names it: a path from the backup could
    /// name any file on the machine (and the analysis queue would upload it).
    /// Rows whose hash is not one drop out (their receipts keep no image).
    private static func relinkImages(_ db: Database, into images: URL?) throws {
        for row in try Row.fetchAll(db, sql: "SELECT sha256, path FROM image_files") {
            let sha: String = row["sha256"]
            let path: String = row["path"]
            guard sha.count == 64, sha.allSatisfy(\.isHexDigit) else {
                try db.execute(sql: "UPDATE receipts SET image_sha256 = NULL WHERE image_sha256 = ?", arguments: [sha])
                try db.execute(sql: "DELETE FROM image_files WHERE sha256 = ?", arguments: [sha])
                continue
            }
            guard let images else { continue }
            // The file the images folder holds for this hash; when it holds none, where the library would put it.
            let folder = images.appendingPathComponent(String(sha.prefix(2)).lowercased(), isDirectory: true)
            let held = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted()
                .first { !$0.hasPrefix(".") && ImageCopier.hash(named: URL(fileURLWithPath: $0)) == sha.lowercased() }
            let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
            let plain = !ext.isEmpty && ext.count <= 8 && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let local = folder.appendingPathComponent(held ?? sha.lowercased() + "." + (plain ? ext : "img"))
            try db.execute(sql: "UPDATE image_files SET path = ? WHERE sha256 = ?", arguments: [local.path, sha])
        }
    }

    /// True when `folder` is `container` or lies anywhere below it (symbolic links followed).
    static func isInside(_ folder: URL, _ container: URL) -> Bool {
        let inner = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let outer = container.standardizedFileURL.resolvingSymlinksInPath().path
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
