import Foundation
import GRDB
import Synchronization
import Testing
@testable import PlutaryCore

/// A bulk import into a file store writes with a rollback journal instead of the WAL (BulkLoad):
/// the store must come back to WAL and its usual settings whatever the import's outcome, and an
/// import that cannot have the store to itself must still run, in WAL.
/// (A kill in the middle: InterruptedImportTests.)
struct BulkLoadJournalTests {
    private func exported(_ folder: URL) throws -> URL {
        let source = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 40, seed: 3).run(into: source)
        let url = folder.appendingPathComponent("export.json")
        _ = try ReceiptExporter(database: source).export(.json, scope: .everything, to: url)
        return url
    }

    private func settings(_ database: AppDatabase) throws -> [String] {
        try database.writer.write { db in
            [try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "", "\(try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1)"]
        }
    }

    @Test func aBulkImportLeavesTheStoreInWAL() throws {
        let folder = try temporaryFolder()
        let location = StoreLocation(directory: folder.appendingPathComponent("data"))
        let database = try AppDatabase.open(at: location)
        let before = try settings(database)
        #expect(before == ["wal", "1"])
        #expect(try ReceiptImporter(database: database, bulkLoadFrom: 1, ownsStore: true).importFile(at: exported(folder)).inserted == 40)
        #expect(try settings(database) == before)
        #expect(!FileManager.default.fileExists(atPath: location.databaseURL.path + "-journal"))
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM receipts") } == 40)
    }

    @Test func aFailedBulkImportLeavesTheStoreAsItWasAndInWAL() throws {
        let folder = try temporaryFolder()
        var text = try String(contentsOf: exported(folder), encoding: .utf8)
        let last = try #require(text.range(of: "\"currency\":\"", options: .backwards))
        text.replaceSubrange(last.upperBound..<text.index(last.upperBound, offsetBy: 3), with: "X1Y")
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        try SampleFixture.seed(database)
        let before = try dump(database)
        #expect(throws: ImportError.self) { try ReceiptImporter(database: database, bulkLoadFrom: 1, ownsStore: true).importData(Data(text.utf8)) }
        #expect(try dump(database) == before)
        #expect(try settings(database) == ["wal", "1"])
    }

    /// Only `plutary import`'s importer writes with a rollback journal: the window's reads must not wait for its import.
    @Test func onlyAnImporterThatOwnsTheStoreLeavesWAL() throws {
        for owns in [true, false] {
            let folder = try temporaryFolder()
            let location = StoreLocation(directory: folder.appendingPathComponent("data"))
            let database = try AppDatabase.open(at: location)
            let journal = location.databaseURL.path + "-journal"
            let journaled = Mutex(false)
            let result = try ReceiptImporter(database: database, bulkLoadFrom: 1, ownsStore: owns).importFile(at: exported(folder)) { _, _ in
                if FileManager.default.fileExists(atPath: journal) { journaled.withLock { $0 = true } }
            }
            #expect(result.inserted == 40)
            #expect(journaled.withLock { $0 } == owns, "owns the store: \(owns)")
            #expect(try settings(database) == ["wal", "1"])
        }
    }

    /// Another connection reading the store keeps it from leaving WAL: the import runs in WAL, beside it.
    @Test func aBulkImportBesideAnotherConnectionRunsInWAL() throws {
        let folder = try temporaryFolder()
        let location = StoreLocation(directory: folder.appendingPathComponent("data"))
        let database = try AppDatabase.open(at: location)
        let other = try DatabaseQueue(path: location.databaseURL.path)
        defer { try? other.close() }
        #expect(try other.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM receipts") } == 0)
        #expect(try ReceiptImporter(database: database, bulkLoadFrom: 1, ownsStore: true).importFile(at: exported(folder)).inserted == 40)
        #expect(try settings(database) == ["wal", "1"])
        #expect(try other.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM receipts") } == 40)
    }
}
