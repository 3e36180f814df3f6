import Synchronization
import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct JSONRoundTripTests {
    private func source() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        try await seedTrickyReceipts(database)
        return database
    }

    private func export(_ database: AppDatabase, scope: ExportScope = .everything) throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("export.json")
        _ = try ReceiptExporter(database: database).export(.json, scope: scope, to: url)
        return url
    }

    private func ids(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY id") }
    }

    private func productLinks(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT li.id, p.name AS product, pc.name AS product_category FROM line_items li
                LEFT JOIN products p ON p.id = li.product_id LEFT JOIN categories pc ON pc.id = p.category_id ORDER BY li.id
                """).map { "\($0["id"] as String) → \($0["product"] as String? ?? "-") [\($0["product_category"] as String? ?? "-")]" }
        }
    }

    private func priceRecords(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.name, pr.receipt_id, pr.line_item_id, m.name AS merchant, pr.purchase_date, pr.currency,
                       pr.unit_price_minor, pr.unit
                FROM price_records pr JOIN products p ON p.id = pr.product_id LEFT JOIN merchants m ON m.id = pr.merchant_id
                ORDER BY pr.line_item_id
                """).map(\.description)
        }
    }

    private func namesAndProducts(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT 'category ' || name FROM categories ORDER BY name")
                + String.fetchAll(db, sql: """
                    SELECT 'product ' || p.name || ' / ' || p.normalized_name || ' / ' || IFNULL(c.name, '-')
                    FROM products p LEFT JOIN categories c ON c.id = p.category_id ORDER BY p.normalized_name
                    """)
        }
    }

    @Test func fixtureExportedAndImportedIntoAnEmptyStoreIsTheSameFieldByField() async throws {
        let original = try await source()
        let url = try export(original)
        let restored = try AppDatabase.inMemory()
        let result = try await ReceiptImporter(database: restored).importFile(at: url)
        #expect(result.inserted == SampleFixture.receiptCount + 3)
        #expect(result.updated == 0)

        let ids = try ids(original)
        #expect(try self.ids(restored) == ids)
        let before = ReceiptRepository(database: original), after = ReceiptRepository(database: restored)
        for id in ids {
            let a = try await #require(try before.receipt(id: id)), b = try #require(try await after.receipt(id: id))
            // Field by field, items included (ReceiptPayload's equality covers every field).
            #expect(a == b, "receipt \(id) differs")
            #expect(a.totalAmount == b.totalAmount && a.lineItems.map(\.total) == b.lineItems.map(\.total))
            #expect(a.lineItems.map(\.product) == b.lineItems.map(\.product))
        }
        #expect(try productLinks(restored) == productLinks(original))
        #expect(try priceRecords(restored) == priceRecords(original))
        #expect(try namesAndProducts(restored) == namesAndProducts(original))
        #expect(try await SpendingRepository(database: restored).totalsByCurrency() == SpendingRepository(database: original).totalsByCurrency())
        #expect(try await after.summaries(search: "bok choy").map(\.id) == before.summaries(search: "bok choy").map(\.id))
        // Sample receipts stay samples, so "remove sample receipts" still tells them from the person's own.
        #expect(try fixtureIds(restored) == fixtureIds(original))
        #expect(try fixtureIds(restored).count == SampleFixture.receiptCount)
    }

    private func fixtureIds(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM receipts WHERE is_fixture = 1 ORDER BY id") }
    }

    @Test func filesWithoutTheSampleListImportEveryReceiptAsThePersonsOwn() throws {
        let text = #"{"format":"plutary-receipts","format_version":1,"receipts":[{"id":"a","currency":"CAD","total_amount":"1.00"}]}"#
        let url = try temporaryFolder().appendingPathComponent("old.json")
        try Data(text.utf8).write(to: url)
        let restored = try AppDatabase.inMemory()
        #expect(try ReceiptImporter(database: restored).importFile(at: url).inserted == 1)
        #expect(try fixtureIds(restored).isEmpty)
    }

    @Test func importingTheSameFileAgainUpdatesInsteadOfDuplicating() async throws {
        let database = try await source()
        let url = try export(database)
        let before = try dump(database).replacingOccurrences(of: #"updated_at:"[^"]*""#, with: "", options: .regularExpression)
        let result = try await ReceiptImporter(database: database).importFile(at: url)
        #expect(result.inserted == 0)
        #expect(result.updated == SampleFixture.receiptCount + 3)
        #expect(result.categoriesAdded == 0 && result.productsAdded == 0)
        #expect(try scalar(database, "SELECT COUNT(*) FROM receipts") == SampleFixture.receiptCount + 3)
        #expect(try scalar(database, "SELECT COUNT(*) FROM line_items") == scalar(database, "SELECT COUNT(*) FROM price_records"))
        #expect(try scalar(database, "SELECT COUNT(*) FROM receipt_search") == SampleFixture.receiptCount + 3)
        let after = try dump(database).replacingOccurrences(of: #"updated_at:"[^"]*""#, with: "", options: .regularExpression)
        // Same receipts, items and links; only row ids of the rebuilt items and price records may move.
        #expect(after.components(separatedBy: "\n").filter { $0.hasPrefix("receipts:") }.count
                == before.components(separatedBy: "\n").filter { $0.hasPrefix("receipts:") }.count)
        #expect(try await ReceiptRepository(database: database).receipt(id: "tricky-1")?.notes == "first line\nsecond, \"quoted\" line")
    }

    @Test func aNewerFormatVersionIsRefusedWithAClearMessageAndChangesNothing() async throws {
        let database = try await source()
        let before = try dump(database)
        let json = #"{"format":"plutary-receipts","format_version":2,"receipts":[{"shape":"from the future"}]}"#
        let error = #expect(throws: ImportError.self) { try ReceiptImporter(database: database).importDocument(ReceiptImporter(database: database).decode(Data(json.utf8))) }
        #expect(error == .newerFormat(found: 2, supported: 1))
        #expect(error?.errorDescription?.contains("newer Plutary") == true)
        #expect(try dump(database) == before)
    }

    @Test func filesThatAreNotAnExportAreRefused() throws {
        let importer = ReceiptImporter(database: try AppDatabase.inMemory())
        #expect(throws: ImportError.notAnExport) { try importer.decode(Data(#"{"receipts":[]}"#.utf8)) }
        #expect(throws: ImportError.self) { try importer.decode(Data("not json at all".utf8)) }
        let missing = #expect(throws: ImportError.self) { try importer.read(URL(fileURLWithPath: "/nonexistent/file.json")) }
        #expect(missing?.errorDescription?.contains("/nonexistent/file.json") == true)
    }

    @Test func aMalformedReceiptLateInTheFileLeavesTheStoreUnchanged() async throws {
        let database = try await source()
        let url = try export(database)
        // Change every receipt (so a partial import would show) and break the second-to-last one.
        var receipts = try ReceiptImporter(database: database).read(url).receipts
        for index in receipts.indices { receipts[index].notes = "imported" }
        let broken = receipts.count - 2
        receipts[broken].totalAmount = "12.0.0"
        let body = String(decoding: try JSONEncoder().encode(receipts), as: UTF8.self)
        let target = try temporaryFolder().appendingPathComponent("broken.json")
        try #"{"format":"plutary-receipts","format_version":1,"receipts":\#(body)}"#.write(to: target, atomically: true, encoding: .utf8)

        let fresh = try AppDatabase.inMemory()
        try SampleFixture.seed(fresh)
        try await fresh.writer.write { db in try db.execute(sql: "DELETE FROM receipts WHERE id = '00000000-0000-4000-8000-000000000001'") }
        let before = try dump(fresh)
        let error = #expect(throws: ImportError.self) { try ReceiptImporter(database: fresh).importFile(at: target) }
        guard case .invalidReceipt(let index, let id, _) = error else { Issue.record("expected invalidReceipt, got \(String(describing: error))"); return }
        #expect(id == receipts[broken].id)
        #expect(index == broken)
        #expect(error?.errorDescription?.contains("12.0.0") == true)
        #expect(try dump(fresh) == before)
    }

    @Test func filesAreReadReceiptByReceiptWhateverTheirLayout() async throws {
        let database = try await source()
        let url = try export(database)
        // The same document re-serialised: pretty printed, keys reordered, receipts not last.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let target = try temporaryFolder().appendingPathComponent("pretty.json")
        try pretty.write(to: target)
        let restored = try AppDatabase.inMemory()
        let result = try await ReceiptImporter(database: restored).importFile(at: target)
        #expect(result.inserted == SampleFixture.receiptCount + 3)
        #expect(try await ReceiptRepository(database: restored).receipt(id: "tricky-1") == ReceiptRepository(database: database).receipt(id: "tricky-1"))
        #expect(try namesAndProducts(restored) == namesAndProducts(database))
    }

    @Test func aReceiptThatDoesNotDecodeLateInTheFileOrACutFileChangesNothing() async throws {
        let database = try await source()
        let url = try export(database)
        let text = try String(contentsOf: url, encoding: .utf8)
        let fresh = try AppDatabase.inMemory()
        try SampleFixture.seed(fresh)
        try await fresh.writer.write { db in try db.execute(sql: "DELETE FROM receipts WHERE id = '00000000-0000-4000-8000-000000000002'") }
        let before = try dump(fresh)
        let folder = try temporaryFolder()

        // The last receipt's items are not a list: it decodes only when its turn comes.
        let lastItems = try #require(text.range(of: "\"line_items\":[", options: .backwards))
        let broken = text.replacingCharacters(in: lastItems, with: "\"line_items\":\"oops\",\"x\":[")
        let brokenURL = folder.appendingPathComponent("broken.json")
        try broken.write(to: brokenURL, atomically: true, encoding: .utf8)
        let error = #expect(throws: ImportError.self) { try ReceiptImporter(database: fresh).importFile(at: brokenURL) }
        guard case .invalidReceipt(let index, _, let reason) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(index == SampleFixture.receiptCount + 2)
        #expect(reason.contains("line_items"))
        #expect(try dump(fresh) == before)

        let cut = folder.appendingPathComponent("cut.json")
        try Data(text.utf8.prefix(text.utf8.count * 2 / 3)).write(to: cut)
        #expect(throws: ImportError.self) { try ReceiptImporter(database: fresh).importFile(at: cut) }
        let newer = folder.appendingPathComponent("newer.json")
        try text.replacingOccurrences(of: "\"format_version\":1", with: "\"format_version\":3").write(to: newer, atomically: true, encoding: .utf8)
        #expect(throws: ImportError.newerFormat(found: 3, supported: 1)) { try ReceiptImporter(database: fresh).importFile(at: newer) }
        #expect(try dump(fresh) == before)
    }

    @Test func onlyRealDaysAreDays() {
        #expect(ISODay.isValid("2026-02-28") && ISODay.isValid("2024-02-29"))
        #expect(!ISODay.isValid("2026-02-29") && !ISODay.isValid("2026-13-01") && !ISODay.isValid("2026-1-01"))
        #expect(!ISODay.isValid("2026-01-01T00:00") && !ISODay.isValid("") && !ISODay.isValid("yesterday"))
        #expect(ReceiptImporter.problem(in: ReceiptPayload(purchaseDate: "2026-02-30"))?.contains("2026-02-30") == true)
    }

    @Test func imageLinksTheStoreCannotSatisfyAreDroppedAndCounted() async throws {
        let database = try AppDatabase.inMemory()
        let json = """
            {"format":"plutary-receipts","format_version":1,"receipts":[
             {"id":"r1","currency":"CAD","total_amount":"1.00","image_sha256":"abc","line_items":[]}]}
            """
        let importer = ReceiptImporter(database: database)
        let result = try importer.importDocument(importer.decode(Data(json.utf8)))
        #expect(result.missingImages == 1 && result.inserted == 1)
        #expect(try await ReceiptRepository(database: database).receipt(id: "r1")?.imageSha256 == nil)
    }

    @Test func scopedExportsHoldOnlyTheirReceiptsAndTheNamesTheyUse() async throws {
        let database = try await source()
        let url = try export(database, scope: ExportScope(search: "bok choy", since: "2026-03-01", until: "2026-03-31"))
        let document = try ReceiptImporter(database: database).read(url)
        #expect(document.receipts.map(\.id) == ["tricky-1"])
        #expect(Set(document.categories) == ["Groceries", "Snacks"])
        #expect(Set(document.products.map(\.name)) == ["白菜 Bok Choy", "Nuts, \"salted\"\nlarge"])
        let byIds = try ReceiptImporter(database: database).read(export(database, scope: ExportScope(receiptIds: ["tricky-2", "tricky-3", "nope"])))
        #expect(byIds.receipts.map(\.id) == ["tricky-2", "tricky-3"])
        let everything = try ReceiptImporter(database: database).read(try export(database))
        #expect(everything.categories.contains("Unused") && everything.products.contains(ExportedProduct(name: "Orphan Widget", category: "Unused")))
    }

    @Test func progressIsReportedAndCancellingLeavesNoFileAndTheOldOneIntact() async throws {
        let database = try await source()
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("out.json")
        try Data("previous".utf8).write(to: url)
        let seen = Counter()
        let exporter = ReceiptExporter(database: database)
        #expect(throws: ExportError.cancelled) {
            _ = try exporter.export(.json, scope: .everything, to: url, progress: { done, _ in seen.add(done) },
                                    isCancelled: { seen.value > 0 })
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
        let result = try await exporter.export(.json, scope: .everything, to: url, progress: { done, total in seen.add(done); #expect(total == 51) })
        #expect(result.receiptCount == 51)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    }
}

/// A thread-safe tally for progress callbacks.
final class Counter: Sendable {
    private let storage = Mutex(0)
    func add(_ value: Int) { storage.withLock { $0 = max($0, value) } }
    var value: Int { storage.withLock { $0 } }
}
