import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// receipt_item_totals, kept by triggers, must always equal the line items summed
/// per receipt and category, whatever writes the items.
struct ItemTotalsTests {
    private static let categories: [String?] = [nil, "Dairy", "Bakery", "Household"]

    private func receipt(_ random: inout SeededGenerator, id: String? = nil) -> ReceiptPayload {
        let items = (0..<Int.random(in: 0..<6, using: &random)).map { index in
            LineItemPayload(description: "ITEM \(index)", total: "\(Int.random(in: 0..<50, using: &random)).\(Int.random(in: 10..<100, using: &random))",
                            category: Self.categories.randomElement(using: &random)!)
        }
        var payload = ReceiptPayload(merchantName: "Shop", purchaseDate: "2026-03-0\(Int.random(in: 1..<10, using: &random))",
                                     currency: "CAD", totalAmount: "99.00", lineItems: items)
        payload.id = id
        return payload
    }

    private func straightforward(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT receipt_id || ' ' || COALESCE(category_id, 0) || ' ' || SUM(total_minor) || ' ' || COUNT(*)
            FROM line_items GROUP BY receipt_id, COALESCE(category_id, 0) ORDER BY 1
            """)
    }

    private func kept(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT receipt_id || ' ' || category_key || ' ' || total_minor || ' ' || item_count
            FROM receipt_item_totals ORDER BY 1
            """)
    }

    @Test func triggersKeepTheTotalsThroughSavesEditsAndDeletes() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        var random = SeededGenerator(seed: 7)
        var ids: [String] = []
        for _ in 0..<40 { ids.append(try await store.save(receipt(&random))) }
        // Saved again with other items, deleted, and items edited in place.
        for id in ids.prefix(10) { try await store.save(receipt(&random, id: id)) }
        try await store.delete(ids: Array(ids.suffix(5)))
        ids.removeLast(5)
        try await database.writer.write { [ids] db in
            try db.execute(sql: "UPDATE line_items SET total_minor = total_minor + 100 WHERE rowid % 3 = 0")
            try db.execute(sql: "UPDATE line_items SET category_id = NULL WHERE rowid % 4 = 1")
            try db.execute(sql: "UPDATE line_items SET receipt_id = ? WHERE rowid % 5 = 2", arguments: [ids[0]])
            try db.execute(sql: "DELETE FROM line_items WHERE rowid % 7 = 3")
            // A category removed: its items' category becomes NULL through the foreign key.
            try db.execute(sql: "DELETE FROM categories WHERE name = 'Bakery'")
        }
        try await database.writer.read { db in
            let expected = try straightforward(db)
            #expect(expected.count > 20)
            #expect(try kept(db) == expected)
        }
    }

    @Test func theMigrationSumsItemsAlreadyStored() throws {
        let queue = try DatabaseQueue(configuration: { var c = Configuration(); c.foreignKeysEnabled = true; return c }())
        try Schema.migrator.migrate(queue, upTo: TrendsMigration.identifier)
        var random = SeededGenerator(seed: 11)
        try queue.write { db in
            var writer = ReceiptWriter(db: db)
            for _ in 0..<30 { _ = try writer.save(receipt(&random), isFixture: false) }
            // An amount past Money.limit is held at the limit, as the report always summed it.
            try db.execute(sql: "UPDATE line_items SET total_minor = ? WHERE rowid = 1", arguments: [Int64.max])
        }
        try Schema.migrator.migrate(queue)
        try queue.read { db in
            let expected = try String.fetchAll(db, sql: """
                SELECT receipt_id || ' ' || COALESCE(category_id, 0) || ' ' || SUM(MIN(total_minor, \(Money.limit))) || ' ' || COUNT(*)
                FROM line_items GROUP BY receipt_id, COALESCE(category_id, 0) ORDER BY 1
                """)
            #expect(expected.count > 20)
            #expect(try kept(db) == expected)
        }
    }
}
