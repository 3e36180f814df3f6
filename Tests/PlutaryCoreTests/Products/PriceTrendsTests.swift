import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct PriceTrendsTests {
    /// Receipts over three years with repeated products, two currencies, units
    /// given, empty and missing, and some receipts without a day.
    private func generatedStore() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        var random = SeededGenerator(seed: 20261124)
        let names = ["MILK", "BREAD", "SOAP", "EGGS", "RICE", "TEA"]
        let units: [String?] = [nil, "", "kg", "l"]
        for index in 0..<150 {
            let day = index % 10 == 0 ? nil : String(format: "20%02d-%02d-%02d", 24 + index % 3, 1 + Int.random(in: 0..<12, using: &random),
                                                     1 + Int.random(in: 0..<28, using: &random))
            let items = (0..<4).map { _ in
                let price = String(format: "%d.%02d", Int.random(in: 1..<9, using: &random), Int.random(in: 0..<100, using: &random))
                return LineItemPayload(description: names.randomElement(using: &random)!, unitPrice: price, total: price,
                                       unit: units.randomElement(using: &random)!)
            }
            try await store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: day, currency: index % 4 == 0 ? "EUR" : "CAD",
                                          totalAmount: "20.00", lineItems: items))
        }
        return database
    }

    /// The month means worked out record by record, in the form `PriceTrends.series` keeps them.
    private func straightforwardSeries(_ db: Database) throws -> [String] {
        struct Group: Hashable { let product: Int64, month: String, currency: String, unit: String }
        var sums: [Group: (sum: Int64, count: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT product_id, purchase_date, currency, unit, unit_price_minor FROM price_records") {
            guard let day = row[1] as String? else { continue }
            let group = Group(product: row[0], month: String(day.prefix(7)), currency: row[2], unit: row[3] ?? "")
            let old = sums[group] ?? (0, 0)
            sums[group] = (old.sum + (row[4] as Int64), old.count + 1)
        }
        return sums.map { group, total in
            "\(group.product) \(group.currency) \(group.unit) \(group.month) \(Double(total.sum) / Double(total.count)) \(total.count)"
        }.sorted()
    }

    private func lines(_ trends: PriceTrends) -> [String] {
        trends.series.flatMap { key, months in
            months.map { "\(key.productId) \(key.currency) \(key.unit) \($0.month) \($0.mean) \($0.count)" }
        }.sorted()
    }

    @Test func allTimeSeriesMatchAStraightforwardComputation() async throws {
        let database = try await generatedStore()
        try await database.writer.read { db in
            let trends = try PriceTrends.load(db, range: nil)
            #expect(try lines(trends) == straightforwardSeries(db))
            for months in trends.series.values {
                #expect(months.map(\.month) == months.map(\.month).sorted())
            }
        }
    }

    /// Receipts deleted, saved again and products merged: the sums the triggers keep
    /// still match the records.
    @Test func allTimeSeriesFollowDeletesResavesAndMerges() async throws {
        let database = try await generatedStore()
        let store = ReceiptRepository(database: database)
        let ids = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY seq") }
        try await store.delete(ids: Array(ids.prefix(20)))
        for id in ids[20..<30] {
            var payload = try await #require(try store.receipt(id: id))
            payload.purchaseDate = payload.purchaseDate == nil ? "2026-01-15" : nil
            try await store.save(payload)
        }
        try await database.writer.write { db in
            let products = try Int64.fetchAll(db, sql: "SELECT id FROM products ORDER BY id LIMIT 2")
            try db.execute(sql: "UPDATE price_records SET product_id = ? WHERE product_id = ?", arguments: [products[0], products[1]])
            try db.execute(sql: "UPDATE price_records SET unit = NULL WHERE id % 3 = 0")
        }
        try await database.writer.read { db in
            let expected = try straightforwardSeries(db)
            #expect(try lines(PriceTrends.load(db, range: nil)) == expected)
        }
    }

    /// The migration sums the records a store already has.
    @Test func theMigrationSumsRecordsAlreadyStored() throws {
        let queue = try DatabaseQueue(configuration: { var c = Configuration(); c.foreignKeysEnabled = true; return c }())
        try Schema.migrator.migrate(queue, upTo: ItemTotalsMigration.identifier)
        try queue.write { db in
            var writer = ReceiptWriter(db: db)
            for day in ["2026-01-03", "2026-01-20", "2026-02-02", nil] {
                _ = try writer.save(ReceiptPayload(merchantName: "Shop", purchaseDate: day, currency: "CAD", totalAmount: "5.00",
                                                   lineItems: [LineItemPayload(description: "MILK", unitPrice: "2.50", total: "2.50", unit: "l")]),
                                    isFixture: false)
            }
        }
        try Schema.migrator.migrate(queue)
        try queue.read { db in
            let series = try PriceTrends.load(db, range: nil).series
            #expect(series.count == 1)
            #expect(series.values.first?.map(\.month) == ["2026-01", "2026-02"])
            #expect(series.values.first?.map(\.count) == [2, 1])
            let expected = try straightforwardSeries(db)
            #expect(try lines(PriceTrends.load(db, range: nil)) == expected)
        }
    }

    /// A million price records must not be read, nor their groups sorted, for the all-time report.
    @Test func allTimeReadsTheMonthSumsInKeyOrder() async throws {
        let database = try await generatedStore()
        let plan = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + PriceTrends.query(range: nil)).map { $0["detail"] as String }
        }.joined(separator: "\n")
        #expect(plan.contains("product_month_prices"))
        #expect(!plan.contains("price_records"))
        #expect(!plan.contains("TEMP B-TREE"))
    }
}
