import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// A restore trusts nothing in the backup it did not write: only the app's own
/// schema, only image paths inside the data folder, only images that match
/// their hash. A bad backup changes nothing.
struct BackupTrustTests {
    /// A store with one receipt and its image, and a backup of it.
    private func backedUpStore() async throws -> (database: AppDatabase, folder: URL, backup: URL, sha: String) {
        let folder = try temporaryFolder()
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        let image = folder.appendingPathComponent("receipt.jpg")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: image)
        let stored = try await ImageLibrary(database: database).add(fileAt: image)
        try await ReceiptRepository(database: database).save(ReceiptPayload(id: "r1", currency: "CAD", totalAmount: "12.00",
                                                                      imageSha256: stored.sha256))
        let backup = folder.appendingPathComponent("backup")
        _ = try BackupService(database: database).backup(to: backup)
        return (database, folder, backup, stored.sha256)
    }

    private func edit(_ backup: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: backup.appendingPathComponent("plutary.sqlite").path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    @Test func aBackupWithATriggerIsRefused() async throws {
        let (database, _, backup, _) = try await backedUpStore()
        try edit(backup, "CREATE TRIGGER inflate AFTER INSERT ON receipts BEGIN UPDATE receipts SET total_minor = 0; END")
        try await ReceiptRepository(database: database).save(ReceiptPayload(id: "r2", currency: "CAD", totalAmount: "3.00"))
        let before = try dump(database)
        #expect {
            try BackupService(database: database).restore(from: backup)
        } throws: { error in
            guard case .damaged(_, let reason) = error as? BackupError else { return false }
            return reason.hasPrefix("unexpected trigger “inflate”")
        }
        #expect(try dump(database) == before)
    }

    @Test func viewsAndTablesOfItsOwnAreRefusedToo() async throws {
        for sql in ["CREATE VIEW spy AS SELECT * FROM receipts", "CREATE TABLE extra(x)", "DROP INDEX receipts_by_date"] {
            let (database, _, backup, _) = try await backedUpStore()
            try edit(backup, sql)
            #expect(throws: BackupError.self, "\(sql)") { try BackupService(database: database).restore(from: backup) }
        }
    }

    @Test func imagePathsOutsideTheDataFolderArePointedBackIn() async throws {
        let (database, folder, backup, sha) = try await backedUpStore()
        let secret = folder.appendingPathComponent("private.txt")
        try Data("private".utf8).write(to: secret)
        try edit(backup, "UPDATE image_files SET path = '\(secret.path)'")
        let restored = try BackupService(database: database).restore(from: backup)
        #expect(restored.receiptCount == 1)
        let path = try #require(try await ImageLibrary(database: database).path(forHash: sha))
        let images = folder.appendingPathComponent("data/images").path
        #expect(path == "\(images)/\(sha.prefix(2))/\(sha).jpg")
        #expect(try SHA256.hex(ofFileAt: URL(fileURLWithPath: path)) == sha)
    }

    @Test func anImageThatNoLongerMatchesItsHashFailsTheRestore() async throws {
        let (database, folder, backup, sha) = try await backedUpStore()
        let image = backup.appendingPathComponent("images/\(sha.prefix(2))/\(sha).jpg")
        try Data(try Data(contentsOf: image).prefix(1000)).write(to: image)
        // Another store, so the restore would have to copy the image in.
        let other = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("other")))
        try await ReceiptRepository(database: other).save(ReceiptPayload(id: "mine", currency: "CAD", totalAmount: "1.00"))
        let before = try dump(other)
        #expect {
            try BackupService(database: other).restore(from: backup)
        } throws: { error in
            guard case .damaged(_, let reason) = error as? BackupError else { return false }
            return reason == "\(sha.prefix(2))/\(sha).jpg does not match its SHA-256"
        }
        #expect(try dump(other) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("other/images/\(sha.prefix(2))/\(sha).jpg").path))
    }

    @Test func aTruncatedCopyLeftInTheBackupIsReplacedOnTheNextRun() async throws {
        let (database, _, backup, sha) = try await backedUpStore()
        let copy = backup.appendingPathComponent("images/\(sha.prefix(2))/\(sha).jpg")
        try Data(try Data(contentsOf: copy).prefix(100)).write(to: copy)
        let again = try BackupService(database: database).backup(to: backup)
        #expect(again.imagesCopied == 1)
        #expect(try SHA256.hex(ofFileAt: copy) == sha)
        #expect(try BackupService(database: database).backup(to: backup).imagesCopied == 0)
    }

    @Test func hashingAFileInPiecesAgreesWithHashingItWhole() throws {
        let file = try temporaryFolder().appendingPathComponent("blob")
        for count in [0, 1, 55, 56, 64, 1000, (1 << 20) + 3] {
            let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try data.write(to: file)
            #expect(try SHA256.hex(ofFileAt: file) == SHA256.hex(of: data), "\(count)")
        }
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
