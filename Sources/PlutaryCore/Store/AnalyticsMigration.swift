import GRDB

/// Migration "v2-products-rates": the abbreviation table and product aliases
/// for matching, product keys recomputed with sizes split out, and covering
/// indexes so the analytics queries read indexes instead of whole tables.
enum AnalyticsMigration {
    static let identifier = "v2-products-rates"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                CREATE TABLE product_abbreviations(
                    abbreviation TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                    expansion TEXT NOT NULL);
                CREATE TABLE product_aliases(
                    normalized_name TEXT PRIMARY KEY NOT NULL,
                    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE);
                CREATE INDEX product_aliases_by_product ON product_aliases(product_id);
                CREATE INDEX receipts_for_analytics ON receipts(purchase_date, currency, merchant_id, total_minor, category_id, id);
                CREATE INDEX line_items_for_analytics ON line_items(receipt_id, category_id, total_minor);
                CREATE INDEX price_records_for_trends ON price_records(purchase_date, product_id, currency, unit, unit_price_minor);
                -- Covers v1's price_records_by_product(product_id, purchase_date), which it replaces.
                CREATE INDEX price_records_by_product_covering ON price_records(product_id, purchase_date, currency, unit, unit_price_minor);
                DROP INDEX price_records_by_product;
                CREATE INDEX exchange_rates_by_day ON exchange_rates(day);
                """)
            for (abbreviation, expansion) in AbbreviationTable.standard.entries.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT INTO product_abbreviations(abbreviation, expansion) VALUES (?, ?)",
                               arguments: [abbreviation, expansion])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM products") {
                let name: String = row["name"]
                try db.execute(sql: "UPDATE products SET normalized_name = ? WHERE id = ?",
                               arguments: [ProductKey(name: name).text, row["id"] as Int64])
            }
        }
    }
}
