import Foundation
import GRDB

/// `SpendingReporting` computed in SQL over the store.
public struct SpendingRepository: SpendingReporting {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func monthlyTotals() async throws -> [MonthlyTotal] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT substr(purchase_date, 1, 7) AS month, currency, SUM(\(Money.bounded("total_minor"))) AS total, COUNT(*) AS n
                FROM receipts WHERE purchase_date IS NOT NULL AND total_minor IS NOT NULL
                GROUP BY month, currency ORDER BY month, currency
                """).map { row in
                MonthlyTotal(month: row["month"], total: Money(minorUnits: row["total"], currency: row["currency"]), receiptCount: row["n"])
            }
        }
    }

    public func totalsByCurrency() async throws -> [Money] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT currency, SUM(\(Money.bounded("total_minor"))) AS total FROM receipts
                WHERE total_minor IS NOT NULL GROUP BY currency ORDER BY currency
                """).map { Money(minorUnits: $0["total"], currency: $0["currency"]) }
        }
    }

    public func report(period: AnalyticsPeriod, primaryCurrency: String, today: Date) async throws -> SpendingReport {
        let primary = primaryCurrency.uppercased()
        return try await database.writer.read { db in
            let converter = CurrencyConverter(rates: try ExchangeRateRepository.rates(db))
            var builder = SpendingReportBuilder(primary: primary, converter: converter)
            let range = period.range(today: today)
            let filter = range == nil ? "purchase_date IS NOT NULL" : "purchase_date BETWEEN ? AND ?"
            let arguments: StatementArguments = range.map { [$0.start, $0.end] } ?? []

            let receipts = try Row.fetchCursor(db, sql: """
                SELECT purchase_date, currency, merchant_id, SUM(\(Money.bounded("total_minor"))), COUNT(*) FROM receipts
                WHERE \(filter) AND total_minor IS NOT NULL GROUP BY purchase_date, currency, merchant_id
                """, arguments: arguments)
            while let row = try receipts.next() {
                builder.addReceipts(day: row[0], currency: row[1], merchantId: row[2], total: row[3], count: row[4])
            }
            // Items summed per receipt and category by the store's triggers (receipt_item_totals); a receipt
            // without items counts whole under its own category. One pass: a second one to find the receipts
            // without items probed the totals once per receipt.
            let category = "COALESCE(NULLIF(t.category_key, 0), r.category_id)"
            let items = try Row.fetchCursor(db, sql: """
                SELECT r.purchase_date, r.currency, \(category), SUM(\(Money.bounded("COALESCE(t.total_minor, r.total_minor)")))
                FROM receipts r LEFT JOIN receipt_item_totals t ON t.receipt_id = r.id
                WHERE r.\(filter) AND r.total_minor IS NOT NULL
                GROUP BY r.purchase_date, r.currency, \(category)
                """, arguments: arguments)
            while let row = try items.next() {
                builder.addItems(day: row[0], currency: row[1], categoryId: row[2], total: row[3])
            }

            let categoryNames = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM categories")
                .map { ($0[0] as Int64, $0[1] as String) })
            let merchantNames = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM merchants")
                .map { ($0[0] as Int64, $0[1] as String) })
            let covered = range ?? builder.coveredRange
            let trends = try PriceTrends.load(db, range: range)
            var productNames: [Int64: String] = [:]
            var productCategories: [Int64: SpendingCategory] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT p.id, p.name, c.name FROM products p LEFT JOIN categories c ON c.id = p.category_id") {
                let id: Int64 = row[0]
                productNames[id] = row[1]
                productCategories[id] = (row[2] as String?).map(SpendingCategory.named) ?? .uncategorised
            }
            return builder.report(period: period, range: covered, categoryNames: categoryNames, merchantNames: merchantNames,
                                  priceIncreases: trends.increases(names: productNames, limit: 10),
                                  inflation: trends.inflation(months: covered?.months ?? [], categories: productCategories))
        }
    }
}
