import Foundation
import GRDB

/// `ProductCatalog` over the SQLite store.
public struct ProductRepository: ProductCatalog {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func products(search: String?, today: Date) async throws -> [ProductSummary] {
        try await database.writer.read { db in
            var sql = """
                SELECT p.id, p.name, COUNT(pr.id) AS purchases,
                       (SELECT unit_price_minor FROM price_records WHERE product_id = p.id
                        ORDER BY purchase_date DESC, id DESC LIMIT 1) AS latest_minor,
                       (SELECT currency FROM price_records WHERE product_id = p.id
                        ORDER BY purchase_date DESC, id DESC LIMIT 1) AS latest_currency,
                       (SELECT unit FROM price_records WHERE product_id = p.id
                        ORDER BY purchase_date DESC, id DESC LIMIT 1) AS latest_unit,
                       MAX(pr.purchase_date) AS latest_date
                FROM products p LEFT JOIN price_records pr ON pr.product_id = p.id
                """
            var arguments = StatementArguments()
            if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
                sql += " WHERE p.normalized_name LIKE ? OR p.name LIKE ?"
                arguments += ["%" + ProductName.normalized(search) + "%", "%" + search.trimmingCharacters(in: .whitespaces) + "%"]
            }
            sql += " GROUP BY p.id ORDER BY purchases DESC, p.name COLLATE NOCASE"
            let trends = try ProductTrendTable.load(db, today: today)
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let id: Int64 = row["id"]
                let minor: Int64? = row["latest_minor"]
                let currency: String? = row["latest_currency"]
                let unit: String? = row["latest_unit"]
                let latestDate: String? = row["latest_date"]
                let latest = minor.flatMap { m in currency.map { Money(minorUnits: m, currency: $0) } }
                let trend = latest.flatMap { trends.trend(for: id, latest: $0, unit: unit, day: latestDate) }
                return ProductSummary(
                    id: id, name: row["name"], purchaseCount: row["purchases"], latestPrice: latest, latestDate: latestDate,
                    unit: unit, change3Months: trend?.change3, change12Months: trend?.change12, sparkline: trend?.sparkline ?? [])
            }
        }
    }

    public func detail(id: Int64) async throws -> ProductDetail? {
        try await database.writer.read { db in
            guard let product = try Row.fetchOne(db, sql: """
                SELECT p.name, c.name AS category FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = ?
                """, arguments: [id]) else { return nil }
            let names = try String.fetchAll(db, sql: """
                SELECT description FROM line_items WHERE product_id = ? GROUP BY description ORDER BY COUNT(*) DESC, description
                """, arguments: [id])
            let history = try Row.fetchAll(db, sql: """
                SELECT pr.purchase_date, m.name AS merchant, pr.currency, pr.unit_price_minor, pr.unit, pr.receipt_id,
                       COALESCE(li.description, '') AS description
                FROM price_records pr
                LEFT JOIN merchants m ON m.id = pr.merchant_id
                LEFT JOIN line_items li ON li.id = pr.line_item_id
                WHERE pr.product_id = ? AND pr.purchase_date IS NOT NULL
                ORDER BY pr.purchase_date, pr.id
                """, arguments: [id]).map { row in
                PricePoint(day: row["purchase_date"], merchant: row["merchant"],
                           price: Money(minorUnits: row["unit_price_minor"], currency: row["currency"]),
                           unit: row["unit"], receiptId: row["receipt_id"], description: row["description"])
            }
            return ProductDetail(id: id, name: product["name"], category: product["category"], names: names, history: history)
        }
    }

    public func similar(to id: Int64, limit: Int) async throws -> [ProductSummary] {
        try await database.writer.read { db in
            let matcher = ProductMatcher(abbreviations: try ProductMatcher.abbreviations(db))
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM products")
            guard let target = rows.first(where: { $0["id"] == id }) else { return [] }
            let targetGrams = Trigrams(matcher.key(for: target["name"]).base)
            let ranked = try rows.compactMap { row -> (Int64, String, Double)? in
                try Task.checkCancellation()
                let other: Int64 = row["id"]
                guard other != id else { return nil }
                let name: String = row["name"]
                let score = targetGrams.similarity(to: Trigrams(matcher.key(for: name).base))
                return score >= 0.3 ? (other, name, score) : nil
            }
            .sorted { ($0.2, $1.0) > ($1.2, $0.0) }
            .prefix(limit)
            return try ranked.map { other, name, _ in
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM price_records WHERE product_id = ?", arguments: [other]) ?? 0
                return ProductSummary(id: other, name: name, purchaseCount: count, latestPrice: nil, latestDate: nil)
            }
        }
    }

    public func merge(_ ids: [Int64], into target: Int64) async throws {
        try await database.writer.write { db in
            let matcher = ProductMatcher(abbreviations: try ProductMatcher.abbreviations(db))
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM products WHERE id = ?", arguments: [target]) == true else {
                throw StoreError.notFound("product \(target)")
            }
            for id in Set(ids) where id != target {
                guard let name = try String.fetchOne(db, sql: "SELECT name FROM products WHERE id = ?", arguments: [id]) else { continue }
                let names = try String.fetchAll(db, sql: "SELECT DISTINCT description FROM line_items WHERE product_id = ?", arguments: [id])
                try db.execute(sql: "UPDATE line_items SET product_id = ? WHERE product_id = ?", arguments: [target, id])
                try db.execute(sql: "UPDATE price_records SET product_id = ? WHERE product_id = ?", arguments: [target, id])
                try db.execute(sql: "UPDATE product_aliases SET product_id = ? WHERE product_id = ?", arguments: [target, id])
                for alias in Set(([name] + names).map { matcher.key(for: $0).text }) where !alias.isEmpty {
                    try db.execute(sql: "INSERT OR REPLACE INTO product_aliases(normalized_name, product_id) VALUES (?, ?)",
                                   arguments: [alias, target])
                }
                try db.execute(sql: "DELETE FROM products WHERE id = ?", arguments: [id])
            }
        }
    }

    public func split(_ id: Int64, names: [String]) async throws -> Int64 {
        guard let first = names.first else { throw StoreError.notFound("names to split off") }
        return try await database.writer.write { db in
            let matcher = ProductMatcher(abbreviations: try ProductMatcher.abbreviations(db))
            guard let categoryId = try Row.fetchOne(db, sql: "SELECT category_id FROM products WHERE id = ?", arguments: [id]) else {
                throw StoreError.notFound("product \(id)")
            }
            try db.execute(sql: "INSERT INTO products(name, normalized_name, category_id) VALUES (?, ?, ?)",
                           arguments: [first, matcher.key(for: first).text, categoryId[0] as Int64?])
            let newId = db.lastInsertedRowID
            for name in names {
                try db.execute(sql: "UPDATE line_items SET product_id = ? WHERE product_id = ? AND description = ?",
                               arguments: [newId, id, name])
                let alias = matcher.key(for: name).text
                if !alias.isEmpty {
                    try db.execute(sql: "INSERT OR REPLACE INTO product_aliases(normalized_name, product_id) VALUES (?, ?)",
                                   arguments: [alias, newId])
                }
            }
            try db.execute(sql: """
                UPDATE price_records SET product_id = ? WHERE product_id = ?
                  AND line_item_id IN (SELECT id FROM line_items WHERE product_id = ?)
                """, arguments: [newId, id, newId])
            return newId
        }
    }

    public func inflation(range: DayRange) async throws -> [CategoryInflation] {
        try await database.writer.read { db in
            var categories: [Int64: SpendingCategory] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT p.id, c.name FROM products p LEFT JOIN categories c ON c.id = p.category_id") {
                categories[row[0]] = (row[1] as String?).map(SpendingCategory.named) ?? .uncategorised
            }
            return try PriceTrends.load(db, range: range).inflation(months: range.months, categories: categories)
        }
    }

    public func abbreviations() async throws -> AbbreviationTable {
        try await database.writer.read { db in try ProductMatcher.abbreviations(db) }
    }

    /// Adds, changes or (with a nil expansion) removes an abbreviation, then
    /// re-keys the products so search follows the new table.
    public func setAbbreviation(_ abbreviation: String, expansion: String?) async throws {
        try await database.writer.write { db in
            let key = ProductName.normalized(abbreviation)
            if let expansion, !ProductName.normalized(expansion).isEmpty {
                try db.execute(sql: "INSERT OR REPLACE INTO product_abbreviations(abbreviation, expansion) VALUES (?, ?)",
                               arguments: [key, ProductName.normalized(expansion)])
            } else {
                try db.execute(sql: "DELETE FROM product_abbreviations WHERE abbreviation = ?", arguments: [key])
            }
            let matcher = ProductMatcher(abbreviations: try ProductMatcher.abbreviations(db))
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM products") {
                try db.execute(sql: "UPDATE products SET normalized_name = ? WHERE id = ?",
                               arguments: [matcher.key(for: row["name"]).text, row["id"] as Int64])
            }
        }
    }
}
