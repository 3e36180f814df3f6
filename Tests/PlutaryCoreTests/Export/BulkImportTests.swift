import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// A large import drops indexes and the sum triggers and builds them again at its end;
/// the store must come out as if every receipt had been saved one by one.
struct BulkImportTests {
    private func exported() throws -> URL {
        let source = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 60, seed: 5).run(into: source)
        let url = try temporaryFolder().appendingPathComponent("export.json")
        _ = try ReceiptExporter(database: source).export(.json, scope: .everything, to: url)
        return url
    }

    /// Every index and trigger with its SQL, and the sums the triggers keep.
    private func state(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ' ' || COALESCE(sql, '') FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name")
                + String.fetchAll(db, sql: "SELECT receipt_id || ' ' || category_key || ' ' || total_minor || ' ' || item_count FROM receipt_item_totals ORDER BY 1")
                + String.fetchAll(db, sql: "SELECT product_id || month || currency || unit || ' ' || price_sum || ' ' || record_count FROM product_month_prices ORDER BY 1")
                // The search index, staged during a bulk load: its rows, and what a search finds.
                + String.fetchAll(db, sql: "SELECT rowid || ' ' || merchant || ' ' || items || ' ' || category FROM receipt_search ORDER BY rowid")
                + String.fetchAll(db, sql: "SELECT rowid FROM receipt_search WHERE receipt_search MATCH 'a* OR e*' ORDER BY rowid")
        }
    }

    @Test func aBulkImportLeavesTheStoreAsReceiptByReceiptSavesDo() async throws {
        let url = try exported()
        let bulk = try AppDatabase.inMemory(), plain = try AppDatabase.inMemory()
        #expect(try await ReceiptImporter(database: bulk, bulkLoadFrom: 1).importFile(at: url).inserted == 60)
        #expect(try await ReceiptImporter(database: plain, bulkLoadFrom: .max).importFile(at: url).inserted == 60)
        let expected = try state(plain)
        #expect(expected.contains { $0.hasPrefix("trigger receipt_item_totals_insert") })
        #expect(expected.contains { $0.hasPrefix("index line_items_for_analytics") })
        #expect(expected.contains { $0.hasPrefix("index \(PriceRecordsByItemMigration.index)") })
        #expect(try state(bulk) == expected)
        // The triggers work again afterwards.
        let receipt = ReceiptPayload(merchantName: "Shop", purchaseDate: "2026-01-02", currency: "CAD", totalAmount: "3.00",
                                     lineItems: [LineItemPayload(description: "MILK", unitPrice: "3.00", total: "3.00")])
        try await ReceiptRepository(database: bulk).save(receipt)
        try await ReceiptRepository(database: plain).save(receipt)
        // Its item sums, its month's price and its search row ("Shop", "MILK": no a* or e* word).
        #expect(try state(bulk).count == expected.count + 3)
    }

    @Test func importingTheSameFileAgainReplacesItsSearchRowsOnce() throws {
        let url = try exported()
        let bulk = try AppDatabase.inMemory(), plain = try AppDatabase.inMemory()
        for _ in 0..<2 {
            _ = try ReceiptImporter(database: bulk, bulkLoadFrom: 1).importFile(at: url)
            _ = try ReceiptImporter(database: plain, bulkLoadFrom: .max).importFile(at: url)
        }
        let searchRows = try bulk.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM receipt_search") }
        #expect(searchRows == 60)
        #expect(try state(bulk) == state(plain))
    }

    /// Into an empty store the lookups by receipt are built at the end too; a receipt the file
    /// holds twice still replaces its first copy's items and price records.
    @Test func aReceiptTwiceInOneFileIsStoredOnceIntoAnEmptyStore() throws {
        func receipt(_ item: String) -> String {
            #"{"id": "r1", "merchant_name": "Shop", "purchase_date": "2026-01-02", "currency": "CAD", "total_amount": "2.00", "#
                + #""line_items": [{"description": "\#(item)", "quantity": "1", "total": "2.00"}]}"#
        }
        let text = #"{"format": "plutary-receipts", "format_version": 1, "receipts": ["# + receipt("MILK") + ", " + receipt("BREAD") + "]}"
        let bulk = try AppDatabase.inMemory(), plain = try AppDatabase.inMemory()
        let result = try ReceiptImporter(database: bulk, bulkLoadFrom: 1).importData(Data(text.utf8))
        #expect(result.inserted == 1 && result.updated == 1)
        _ = try ReceiptImporter(database: plain, bulkLoadFrom: .max).importData(Data(text.utf8))
        let items = try bulk.writer.read { db in
            try String.fetchAll(db, sql: "SELECT description FROM line_items") + String.fetchAll(db, sql: "SELECT CAST(count(*) AS TEXT) FROM price_records")
        }
        #expect(items == ["BREAD", "1"])
        #expect(try state(bulk) == state(plain))
    }

    /// A bulk load writes with foreign keys unchecked (BulkLoad.transaction): what it stores must
    /// satisfy them all the same, into a store with receipts of its own and over the file's own
    /// receipts again, and the connection checks them again afterwards.
    @Test func aBulkImportLeavesNoBrokenReferenceAndForeignKeysOnAgain() throws {
        let url = try exported()
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        #expect(try ReceiptImporter(database: database, bulkLoadFrom: 1).importFile(at: url).inserted == 60)
        #expect(try ReceiptImporter(database: database, bulkLoadFrom: 1).importFile(at: url).updated == 60)
        try database.writer.read { db in
            try db.checkForeignKeys()
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
        }
    }

    @Test func aFailedBulkImportKeepsEveryIndexAndTrigger() throws {
        let url = try exported()
        var text = try String(contentsOf: url, encoding: .utf8)
        // The last receipt's currency is not a code: the import fails after the others were written.
        let last = try #require(text.range(of: "\"currency\" : \"", options: .backwards) ?? text.range(of: "\"currency\":\"", options: .backwards))
        text.replaceSubrange(last.upperBound..<text.index(last.upperBound, offsetBy: 3), with: "X1Y")
        let database = try AppDatabase.inMemory()
        let before = try state(database)
        #expect(throws: ImportError.self) { try ReceiptImporter(database: database, bulkLoadFrom: 1).importData(Data(text.utf8)) }
        #expect(try state(database) == before)
        #expect(try database.writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
    }

    /// An import hands the writer receipts prepared on its decoding thread (ReceiptWriter.Prepared:
    /// amounts in minor units, an item's unit price from its total and quantity, the search text):
    /// the store must hold what saving the same receipts one by one stores.
    @Test func preparedReceiptsAreStoredAsSavedOnes() async throws {
        let receipts = [
            ReceiptPayload(id: "p1", merchantName: "Shop", purchaseDate: "2026-01-02", currency: "jpy", subtotalAmount: "1200",
                           taxAmount: "96", tipAmount: "0", totalAmount: "1296", category: "Groceries", notes: "n",
                           lineItems: [LineItemPayload(id: "p1-a", description: "RICE 5KG", quantity: "3", total: "1000", category: "Pantry",
                                                       discount: "-100", product: "Rice"),
                                       LineItemPayload(id: "p1-b", description: "TEA", quantity: "0.5", unitPrice: "400", total: "200")],
                           autoFilledFields: ["total_amount", "currency"]),
            ReceiptPayload(id: "p2", merchantName: "Café", purchaseDate: "2026-01-03", currency: "KWD", totalAmount: "1.250",
                           lineItems: [LineItemPayload(id: "p2-a", description: "Qahwa", quantity: "2", total: "1.250")]),
        ]
        let saved = try AppDatabase.inMemory()
        for receipt in receipts { try await ReceiptRepository(database: saved).save(receipt) }
        let encoder = JSONEncoder()
        let text = #"{"format": "plutary-receipts", "format_version": 1, "receipts": ["#
            + receipts.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: ",") + "]}"
        for bulkFrom in [1, Int.max] {
            let imported = try AppDatabase.inMemory()
            #expect(try ReceiptImporter(database: imported, bulkLoadFrom: bulkFrom).importData(Data(text.utf8)).inserted == 2)
            // Timestamps aside (each save stamps its own).
            func masked(_ database: AppDatabase) throws -> String {
                try dump(database).replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T[\d:]{8}Z"#, with: "T", options: .regularExpression)
            }
            #expect(try masked(imported) == masked(saved))
            #expect(try await imported.writer.read { db in
                try Int64.fetchAll(db, sql: "SELECT unit_price_minor FROM price_records ORDER BY line_item_id")
            } == [333, 400, 625])
        }
    }
}
