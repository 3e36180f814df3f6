import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// `AppDatabase.generation` tells a view whether a read it made is still current.
struct StoreGenerationTests {
    private func payload(_ merchant: String) -> ReceiptPayload {
        ReceiptPayload(merchantName: merchant, purchaseDate: "2026-03-05", currency: "CAD", totalAmount: "4.00")
    }

    @Test func readsLeaveItAndEveryWriteChangesIt() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let start = database.generation
        _ = try await store.summaries(matching: ReceiptQuery())
        _ = try await store.count()
        #expect(database.generation == start)
        let id = try await store.save(payload("Bakery"))
        let saved = database.generation
        #expect(saved != start)
        try await store.delete(ids: [id])
        #expect(database.generation != saved)
        #expect(await store.generation() == database.generation)
    }

    /// `plutary import` beside the window writes through a connection of its own.
    @Test func aWriteByAnotherConnectionChangesIt() async throws {
        let location = StoreLocation(directory: FileManager.default.temporaryDirectory.appendingPathComponent("plutary-test-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: location.directory) }
        let window = try AppDatabase.open(at: location)
        let before = window.generation
        let other = try AppDatabase.open(at: location)
        #expect(window.generation == before)
        try await ReceiptRepository(database: other).save(payload("Bakery"))
        #expect(window.generation != before)
    }

    /// A restore copies a backup into the store with SQLite's backup API, which commits no transaction through the writer.
    @Test func aRestoreChangesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("source")))
        try await ReceiptRepository(database: source).save(payload("Bakery"))
        let backup = folder.appendingPathComponent("backup")
        _ = try BackupService(database: source).backup(to: backup)
        let target = try AppDatabase.inMemory()
        let before = target.generation
        _ = try BackupService(database: target).restore(from: backup)
        #expect(target.generation != before)
        #expect(try await ReceiptRepository(database: target).count() == 1)
    }
}
