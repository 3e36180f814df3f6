import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// The smaller items of the hardening issue, each as the person meets it.
struct SmallHardeningTests {
    @Test func aBackupAnywhereInsideTheDataFolderIsRefused() throws {
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("data")
        let database = try AppDatabase.open(at: StoreLocation(directory: data))
        for inside in [data, data.appendingPathComponent("images"), data.appendingPathComponent("images/backup")] {
            #expect(throws: BackupError.insideDataFolder(path: inside.path)) {
                _ = try BackupService(database: database).backup(to: inside)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("images/backup").path))
        // A sibling whose name merely starts the same is outside.
        _ = try BackupService(database: database).backup(to: folder.appendingPathComponent("data-backup"))
    }

    @Test func aLongPastedSearchUsesItsFirstTermsOnly() async throws {
        let text = (0..<20_000).map { "word\($0)" }.joined(separator: " ")
        let query = try #require(SearchQuery.fts(text))
        #expect(query.components(separatedBy: " ").count == SearchQuery.maxTerms)
        #expect(query.hasPrefix("\"word0\"* \"word1\"*"))
        let database = try AppDatabase.inMemory()
        try await ReceiptRepository(database: database).save(ReceiptPayload(merchantName: "word0 word1", currency: "CAD"))
        #expect(try await ReceiptRepository(database: database).summaries(matching: ReceiptQuery(search: "word0 word1 " + text)).isEmpty)
        #expect(try await ReceiptRepository(database: database).summaries(matching: ReceiptQuery(search: "word0 word1")).count == 1)
    }

    @Test func anImportFileWithAByteOrderMarkIsRead() async throws {
        let json = #"{"format":"plutary-receipts","format_version":1,"receipts":[{"id":"b1","currency":"CAD","total_amount":"1.00","line_items":[]}]}"#
        let url = try temporaryFolder().appendingPathComponent("bom.json")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8)).write(to: url)
        let database = try AppDatabase.inMemory()
        #expect(try await ReceiptImporter(database: database).importFile(at: url).inserted == 1)
        #expect(try await ReceiptRepository(database: database).receipt(id: "b1")?.totalAmount == "1.00")
    }

    @Test func plainHTTPToAnotherMachineIsTold() {
        for text in ["http://receipts.example.com", "http://192.168.1.5:8080", "http://127.evil.example"] {
            #expect(AnalysisConfiguration.isUnencryptedRemote(URL(string: text)!), "\(text)")
        }
        for text in ["https://receipts.example.com", "http://localhost:8080", "http://127.0.0.2", "http://[::1]:9", "http://api.localhost"] {
            #expect(!AnalysisConfiguration.isUnencryptedRemote(URL(string: text)!), "\(text)")
        }
    }

    @Test func aLockedDatabaseIsExplained() {
        let locked = DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked")
        #expect(StoreError.explained(locked) as? StoreError == .busy)
        #expect(StoreError.busy.errorDescription?.contains("30 seconds") == true)
        #expect(StoreError.explained(DatabaseError(resultCode: .SQLITE_FULL)) is DatabaseError)
    }

    @Test func anImageWhoseReceiptCouldNotBeSavedIsTakenBack() async throws {
        let folder = try temporaryFolder()
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        let library = ImageLibrary(database: database)
        let source = folder.appendingPathComponent("scan.png")
        try Data("an image".utf8).write(to: source)
        let stored = try await library.add(fileAt: source)
        try library.discard(stored)
        #expect(try await library.path(forHash: stored.sha256) == nil)
        #expect(!FileManager.default.fileExists(atPath: stored.path))
        // One a receipt uses stays.
        let kept = try await library.add(fileAt: source)
        try await ReceiptRepository(database: database).save(ReceiptPayload(currency: "CAD", imageSha256: kept.sha256))
        try library.discard(kept)
        #expect(try await library.path(forHash: kept.sha256) == kept.path)
        #expect(FileManager.default.fileExists(atPath: kept.path))
    }
}
