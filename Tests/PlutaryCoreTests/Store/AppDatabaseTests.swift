import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct AppDatabaseTests {
    private func temporaryLocation() throws -> StoreLocation {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-test-\(UUID().uuidString)")
        return StoreLocation(directory: dir)
    }

    @Test func createsTheStoreWithWALAndForeignKeys() throws {
        let location = try temporaryLocation()
        defer { try? FileManager.default.removeItem(at: location.directory) }
        let database = try AppDatabase.open(at: location)
        #expect(FileManager.default.fileExists(atPath: location.databaseURL.path))
        #expect(try text(database, "PRAGMA journal_mode") == "wal")
        #expect(try scalar(database, "PRAGMA foreign_keys") == 1)
        let tables = try database.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        for table in ["receipts", "line_items", "merchants", "categories", "products", "price_records",
                      "exchange_rates", "analysis_jobs", "image_files", "currencies", "receipt_search"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(try scalar(database, "SELECT exponent FROM currencies WHERE code = 'JPY'") == 0)
    }

    @Test func refusesADatabaseFromANewerSchemaAndLeavesItAlone() throws {
        let location = try temporaryLocation()
        defer { try? FileManager.default.removeItem(at: location.directory) }
        do {
            let database = try AppDatabase.open(at: location)
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v99-from-the-future')")
            }
            try (database.writer as? DatabasePool)?.close()
        }
        let before = try Data(contentsOf: location.databaseURL)
        #expect(throws: StoreError.newerSchema(path: location.databaseURL.path)) {
            _ = try AppDatabase.open(at: location)
        }
        #expect(try Data(contentsOf: location.databaseURL) == before)
    }

    @Test func reportsACorruptFileWithoutOverwritingIt() throws {
        let location = try temporaryLocation()
        defer { try? FileManager.default.removeItem(at: location.directory) }
        try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        let garbage = Data("this is not a database, it is a shopping list\n".utf8)
        try garbage.write(to: location.databaseURL)
        do {
            _ = try AppDatabase.open(at: location)
            Issue.record("opening garbage succeeded")
        } catch let error as StoreError {
            guard case .corrupt = error else { Issue.record("wrong error \(error)"); return }
            #expect(error.localizedDescription.contains("left untouched"))
        }
        #expect(try Data(contentsOf: location.databaseURL) == garbage)
    }

    @Test func resolvesTheDataFolderFromOptionEnvironmentAndXDG() {
        #expect(StoreLocation.resolve(dataDir: "/tmp/a", environment: ["PLUTARY_DATA_DIR": "/tmp/b"]).directory.path == "/tmp/a")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["PLUTARY_DATA_DIR": "/tmp/b"]).directory.path == "/tmp/b")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["XDG_DATA_HOME": "/tmp/x"]).databaseURL.path == "/tmp/x/plutary/plutary.sqlite")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["HOME": "/home/p"]).directory.path == "/home/p/.local/share/plutary")
    }
}
