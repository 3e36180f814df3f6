import Foundation
import GRDB

/// Receipt images copied into the data folder, named by their SHA-256, so the
/// same image imported twice is one file and one `image_files` row.
public struct ImageLibrary: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct StoredImage: Sendable, Equatable {
        public let sha256: String
        public let path: String
        /// False when this content was already in the library.
        public let isNew: Bool
    }

    /// Copies the file in (once per content) and records it. Blocks: for a thread of its
    /// own (the import's worker, the command line); async code awaits the overload below.
    public func add(fileAt url: URL) throws -> StoredImage {
        try add(fileAt: url, isCancelled: { false })
    }

    /// `add` for async code: reading, hashing and copying the file block (for seconds on a slow
    /// mount), so they run on a worker thread, never on one of Swift's cooperative pool.
    /// Cancelling the calling task stops it before the copy.
    public func add(fileAt url: URL) async throws -> StoredImage {
        try await WorkerThread.run { isCancelled in try add(fileAt: url, isCancelled: isCancelled) }
    }

    private func add(fileAt url: URL, isCancelled: () -> Bool) throws -> StoredImage {
        let data = try Data(contentsOf: url)
        let hash = SHA256.hex(of: data)
        if let existing = try path(forHash: hash) {
            return StoredImage(sha256: hash, path: existing, isNew: false)
        }
        if isCancelled() { throw CancellationError() }
        let path = try copyIn(data, hash: hash, from: url)
        try database.writer.write { db in try Self.record(db, hash: hash, path: path, byteSize: data.count) }
        return StoredImage(sha256: hash, path: path, isNew: true)
    }

    /// Writes the image under its hash in the data folder; an in-memory store keeps the original.
    private func copyIn(_ data: Data, hash: String, from url: URL) throws -> String {
        guard let directory = database.location?.imagesDirectory else { return url.path }
        let ext = url.pathExtension.lowercased().isEmpty ? "img" : url.pathExtension.lowercased()
        let folder = directory.appendingPathComponent(String(hash.prefix(2)), isDirectory: true)
        try PrivateFile.createFolder(folder)
        let target = folder.appendingPathComponent("\(hash).\(ext)")
        // Written under a temporary name and renamed, so a crash never leaves half an image.
        let temporary = folder.appendingPathComponent(".\(hash).partial")
        guard PrivateFile.create(temporary.path) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
        let handle = try FileHandle(forWritingTo: temporary)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
        _ = try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: temporary, to: target)
        return target.path
    }

    private static func record(_ db: Database, hash: String, path: String, byteSize: Int) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO image_files(sha256, path, byte_size, created_at) VALUES (?, ?, ?, ?)",
                       arguments: [hash, path, byteSize, ISO8601DateFormatter().string(from: Date())])
    }

    /// Takes back an image `add` just stored when what it was for could not be
    /// saved: its row and file go, unless a receipt or job has come to use it.
    public func discard(_ stored: StoredImage) throws {
        guard stored.isNew else { return }
        let removed = try database.writer.write { db -> Bool in
            let used = try Bool.fetchOne(db, sql: """
                SELECT EXISTS(SELECT 1 FROM receipts WHERE image_sha256 = ?1) OR EXISTS(SELECT 1 FROM analysis_jobs WHERE image_sha256 = ?1)
                """, arguments: [stored.sha256]) ?? true
            if !used { try db.execute(sql: "DELETE FROM image_files WHERE sha256 = ?", arguments: [stored.sha256]) }
            return !used
        }
        if removed, database.location != nil { try? FileManager.default.removeItem(atPath: stored.path) }
    }

    public func path(forHash hash: String) throws -> String? {
        try database.writer.read { db in try Self.path(db, forHash: hash) }
    }

    public func path(forHash hash: String) async throws -> String? {
        try await database.writer.read { db in try Self.path(db, forHash: hash) }
    }

    private static func path(_ db: Database, forHash hash: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT path FROM image_files WHERE sha256 = ?", arguments: [hash])
    }

    /// The image of the most recently saved receipt that has one, with its file size.
    public func latestReceiptImage() async throws -> (path: String, byteSize: Int)? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: """
                SELECT image_files.path, image_files.byte_size FROM receipts
                JOIN image_files ON image_files.sha256 = receipts.image_sha256
                ORDER BY receipts.created_at DESC, receipts.rowid DESC LIMIT 1
                """).map { ($0[0], $0[1]) }
        }
    }

    /// Receipts already saved from this image.
    public func receiptIds(forHash hash: String) throws -> [String] {
        try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM receipts WHERE image_sha256 = ?", arguments: [hash])
        }
    }
}
