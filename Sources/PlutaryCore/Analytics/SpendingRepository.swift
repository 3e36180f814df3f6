import Foundation
import GRDB

/// `SpendingReporting` computed in SQL over the store.
public struct SpendingRepository: SpendingReporting {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func monthlyTotals() throws -> [MonthlyTotal] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT substr(purchase_date, 1, 7) AS month, currency, SUM(total_minor) AS total, COUNT(*) AS n
                FROM receipts WHERE purchase_date IS NOT NULL AND total_minor IS NOT NULL
                GROUP BY month, currency ORDER BY month, currency
                """).map { row in
                MonthlyTotal(month: row["month"], total: Money(minorUnits: row["total"], currency: row["currency"]), receiptCount: row["n"])
            }
        }
    }

    public func totalsByCurrency() throws -> [Money] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT currency, SUM(total_minor) AS total FROM receipts
                WHERE total_minor IS NOT NULL GROUP BY currency ORDER BY currency
                """).map { Money(minorUnits: $0["total"], currency: $0["currency"]) }
        }
    }
}
