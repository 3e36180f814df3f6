import Foundation
import GRDB
import Synchronization
import Testing
@testable import PlutaryCore

struct BackupTests {
    private func fileStore() throws -> (AppDatabase, URL) {
        let folder = try temporaryFolder()
        return (try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data"))), folder)
    }

    @Test func aBackupTakenWhileReceiptsAreBeingWrittenIsConsistentAndOpens() async throws {
        let (database, folder) = try fileStore()
        try SampleFixture.seed(database)
        let stop = Atomic(false)
        let written = Atomic(0)
        // A writer saving receipts of 1…12 items, one transaction each, for the whole backup. It is a
        // thread of its own: a loop that never yields would starve the tests' shared task threads.
        let finished = Atomic(false)
        let failure = Mutex<(any Error)?>(nil)
        // It writes as `ReceiptRepository.save` does, without awaiting: the thread cannot.
        let writer = Thread {
            var n = 0
            do {
                while !stop.load(ordering: .relaxed) {
                    n += 1
                    let items = (0..<(1 + n % 12)).map { LineItemPayload(description: "ITEM \($0) OF \(n)", total: "1.00") }
                    let payload = ReceiptPayload(id: "live-\(n)", merchantName: "Live \(n)", currency: "CAD",
                                                 totalAmount: "\(items.count).00", lineItems: items)
                    _ = try database.writer.write { db in
                        var receipts = ReceiptWriter(db: db)
                        return try receipts.save(payload, isFixture: false)
                    }
                    written.store(n, ordering: .relaxed)
                }
            } catch {
                failure.withLock { $0 = error }
            }
            finished.store(true, ordering: .relaxed)
        }
        writer.start()
        while written.load(ordering: .relaxed) < 20 { try await Task.sleep(for: .milliseconds(5)) }
        let target = folder.appendingPathComponent("backup")
        let result = try BackupService(database: database).backup(to: target)
        let duringBackup = written.load(ordering: .relaxed)
        while written.load(ordering: .relaxed) < duringBackup + 20 { try await Task.sleep(for: .milliseconds(5)) }
        stop.store(true, ordering: .relaxed)
        while !finished.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(5)) }
        if let error = failure.withLock({ $0 }) { throw error }

        let files = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(files == ["backup.json", "plutary.sqlite"])
        let copy = try DatabaseQueue(path: target.appendingPathComponent("plutary.sqlite").path)
        try await copy.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "delete")
            let live = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts WHERE id LIKE 'live-%'") ?? 0
            #expect(live >= 20 && live < written.load(ordering: .relaxed))
            #expect(result.receiptCount == live + SampleFixture.receiptCount)
            // Every receipt in the copy is whole: its items, price records and search row.
            let torn = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM receipts r WHERE r.id LIKE 'live-%' AND (
                    (SELECT COUNT(*) FROM line_items li WHERE li.receipt_id = r.id) != CAST(r.total_minor / 100 AS INTEGER)
                    OR (SELECT COUNT(*) FROM price_records p WHERE p.receipt_id = r.id) != CAST(r.total_minor / 100 AS INTEGER)
                    OR NOT EXISTS (SELECT 1 FROM receipt_search s WHERE s.rowid = r.seq))
                """)
            #expect(torn == 0)
        }
        // The copy opens as a store of its own.
        let reopened = try AppDatabase.open(at: StoreLocation(directory: target))
        #expect(try await ReceiptRepository(database: reopened).count() == result.receiptCount)
    }

    @Test func restoreBringsBackReceiptsAndImagesIntoAnotherDataFolder() async throws {
        let (database, folder) = try fileStore()
        try SampleFixture.seed(database)
        let image = folder.appendingPathComponent("receipt.png")
        try Data("not really a png, but bytes".utf8).write(to: image)
        let stored = try await ImageLibrary(database: database).add(fileAt: image)
        try await ReceiptRepository(database: database).save(ReceiptPayload(id: "with-image", currency: "CAD", totalAmount: "1.00",
                                                                      imageSha256: stored.sha256))
        let backup = folder.appendingPathComponent("backup")
        let made = try BackupService(database: database).backup(to: backup)
        #expect(made.imagesCopied == 1)

        let other = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("elsewhere")))
        try await ReceiptRepository(database: other).save(ReceiptPayload(id: "replaced", currency: "CAD", totalAmount: "9.00"))
        let restored = try BackupService(database: other).restore(from: backup)
        #expect(restored.receiptCount == SampleFixture.receiptCount + 1)
        #expect(restored.imagesCopied == 1)
        #expect(try await ReceiptRepository(database: other).receipt(id: "replaced") == nil)
        #expect(try dump(other) != "")
        let path = try #require(try await ImageLibrary(database: other).path(forHash: stored.sha256))
        #expect(path.hasPrefix(folder.appendingPathComponent("elsewhere/images").path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("not really a png, but bytes".utf8))
        // Same data as the original, apart from the image path.
        #expect(try dump(other).replacingOccurrences(of: path, with: "") == dump(database).replacingOccurrences(of: stored.path, with: ""))
    }

    @Test func aBackupIntoTheDataFolderItselfIsRefused() throws {
        let (database, _) = try fileStore()
        let location = try #require(database.location)
        #expect(throws: BackupError.insideDataFolder(path: location.directory.path)) {
            _ = try BackupService(database: database).backup(to: location.directory)
        }
    }

    @Test func damagedMissingOrNewerBackupsChangeNothing() throws {
        let (database, folder) = try fileStore()
        try SampleFixture.seed(database)
        let before = try dump(database)
        let service = BackupService(database: database)

        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: BackupError.notABackup(path: empty.path)) { _ = try service.restore(from: empty) }

        let garbage = folder.appendingPathComponent("garbage")
        try FileManager.default.createDirectory(at: garbage, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 4096).write(to: garbage.appendingPathComponent("plutary.sqlite"))
        #expect(throws: BackupError.self) { _ = try service.restore(from: garbage) }

        let newer = folder.appendingPathComponent("newer")
        _ = try service.backup(to: newer)
        let queue = try DatabaseQueue(path: newer.appendingPathComponent("plutary.sqlite").path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
        #expect(throws: BackupError.newerSchema(path: newer.path)) { _ = try service.restore(from: newer) }
        #expect(try dump(database) == before)
    }
}
