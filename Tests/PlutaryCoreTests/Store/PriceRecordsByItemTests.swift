import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// Price records by line item (migration v6): deleting a line item deletes its price record
/// through the foreign key, and without the index each deleted item scanned every price record.
struct PriceRecordsByItemTests {
    /// What SQLite runs for each line item a receipt's delete or re-save removes (ON DELETE CASCADE).
    private static let cascade = "DELETE FROM price_records WHERE line_item_id = ?"

    private func plan(_ db: Database) throws -> String {
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Self.cascade, arguments: ["item"])
            .map { $0["detail"] as String }.joined(separator: "\n")
    }

    @Test func theCascadeFromALineItemSearchesItsPriceRecordsByIndex() async throws {
        let database = try AppDatabase.inMemory()
        let found = try await database.writer.read { db in try plan(db) }
        #expect(found.hasPrefix("SEARCH price_records USING"))
        #expect(found.contains("INDEX \(PriceRecordsByItemMigration.index) (line_item_id=?)"))
        #expect(!found.contains("SCAN"))
    }

    /// Stores at every earlier version, with and without an index of that name made by hand
    /// (another definition): each ends with the app's own schema, and the cascade uses the index.
    @Test func theMigrationIndexesStoresAtEveryEarlierVersion() throws {
        let earlier = Schema.migrator.migrations.prefix { $0 != PriceRecordsByItemMigration.identifier }
        #expect(earlier.count == 6)
        for version in earlier {
            for madeByHand in [false, true] {
                let queue = try DatabaseQueue(configuration: { var c = Configuration(); c.foreignKeysEnabled = true; return c }())
                try Schema.migrator.migrate(queue, upTo: version)
                try queue.write { db in
                    // v1's columns, which every version has.
                    try db.execute(sql: """
                        INSERT INTO receipts(id, currency, created_at, updated_at) VALUES ('r1', 'CAD', '', '');
                        INSERT INTO products(name, normalized_name) VALUES ('MILK', 'milk');
                        INSERT INTO line_items(id, receipt_id, position, description, total_minor, product_id)
                        VALUES ('i1', 'r1', 0, 'MILK', 250, 1), ('i2', 'r1', 1, 'MILK', 260, 1);
                        INSERT INTO price_records(product_id, receipt_id, line_item_id, purchase_date, currency, unit_price_minor)
                        VALUES (1, 'r1', 'i1', '2026-01-02', 'CAD', 250), (1, 'r1', 'i2', '2026-01-02', 'CAD', 260);
                        """)
                    if madeByHand {
                        try db.execute(sql: "CREATE INDEX \(PriceRecordsByItemMigration.index) ON price_records(line_item_id, receipt_id)")
                    }
                }
                try Schema.migrator.migrate(queue)
                try queue.write { db in
                    #expect(try BackupSchema.problem(in: db) == nil, "from \(version)")
                    #expect(try plan(db).contains(PriceRecordsByItemMigration.index), "from \(version)")
                    try db.execute(sql: "DELETE FROM line_items WHERE id = 'i1'")
                    #expect(try String.fetchAll(db, sql: "SELECT line_item_id FROM price_records") == ["i2"], "from \(version)")
                    try db.checkForeignKeys()
                }
            }
        }
    }
}
