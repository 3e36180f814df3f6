import Foundation
import GRDB

/// `ProductCatalog` over the SQLite store.
public struct ProductRepository: ProductCatalog {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func products(search: String?) throws -> [ProductSummary] {
        try database.writer.read { db in
            var sql = """
                SELECT p.id, p.name, COUNT(pr.id) AS purchases,
                       (SELECT unit_price_minor FROM price_records WHERE product_id = p.id
                        ORDER BY purchase_date DESC, id DESC LIMIT 1) AS latest_minor,
                       (SELECT currency FROM price_records WHERE product_id = p.id
                        ORDER BY purchase_date DESC, id DESC LIMIT 1) AS latest_currency,
                       MAX(pr.purchase_date) AS latest_date
                FROM products p LEFT JOIN price_records pr ON pr.product_id = p.id
                """
            var arguments = StatementArguments()
            if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
                sql += " WHERE p.normalized_name LIKE ?"
                arguments += ["%" + ProductName.normalized(search) + "%"]
            }
            sql += " GROUP BY p.id ORDER BY purchases DESC, p.name COLLATE NOCASE"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let minor: Int64? = row["latest_minor"]
                let currency: String? = row["latest_currency"]
                return ProductSummary(
                    id: row["id"], name: row["name"], purchaseCount: row["purchases"],
                    latestPrice: minor.flatMap { m in currency.map { Money(minorUnits: m, currency: $0) } },
                    latestDate: row["latest_date"])
            }
        }
    }
}
