import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct PriceTrendsTests {
    /// Receipts over three years with repeated products, two currencies, units
    /// given, empty and missing, and some receipts without a day.
    private func generatedStore() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        var random = SystemRandomNumberGenerator()
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
            try store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: day, currency: index % 4 == 0 ? "EUR" : "CAD",
                                          totalAmount: "20.00", lineItems: items))
        }
        return database
    }

    /// The month means worked out record by record, in the form `PriceTrends.series` keeps them.
    private func straightforwardSeries(_ db: Database) throws -> [String] {
        struct Group: Hashable { let product: Int64, month: String, currency: String, unit: String? }
        var sums: [Group: (sum: Int64, count: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT product_id, purchase_date, currency, unit, unit_price_minor FROM price_records") {
            guard let day = row[1] as String? else { continue }
            let group = Group(product: row[0], month: String(day.prefix(7)), currency: row[2], unit: row[3])
            let old = sums[group] ?? (0, 0)
            sums[group] = (old.sum + (row[4] as Int64), old.count + 1)
        }
        return sums.map { group, total in
            "\(group.product) \(group.currency) \(group.unit ?? "") \(group.month) \(Double(total.sum) / Double(total.count)) \(total.count)"
        }.sorted()
    }

    private func lines(_ trends: PriceTrends) -> [String] {
        trends.series.flatMap { key, months in
            months.map { "\(key.productId) \(key.currency) \(key.unit) \($0.month) \($0.mean) \($0.count)" }
        }.sorted()
    }

    @Test func allTimeSeriesMatchAStraightforwardComputation() throws {
        let database = try generatedStore()
        try database.writer.read { db in
            let trends = try PriceTrends.load(db, range: nil)
            #expect(try lines(trends) == straightforwardSeries(db))
            for months in trends.series.values {
                #expect(months.map(\.month) == months.map(\.month).sorted())
            }
        }
    }

    /// A million price records must not be sorted for the all-time report.
    @Test func allTimeGroupingReadsTheMonthIndexInOrder() throws {
        let database = try generatedStore()
        let plan = try database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + PriceTrends.query(range: nil)).map { $0["detail"] as String }
        }.joined(separator: "\n")
        #expect(plan.contains("COVERING INDEX price_records_by_product_month"))
        #expect(!plan.contains("TEMP B-TREE FOR GROUP BY"))
    }
}
