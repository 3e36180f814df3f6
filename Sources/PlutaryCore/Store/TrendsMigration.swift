import GRDB

/// Migration "v3-price-trend-months": an index in (product, month) order so
/// the all-time price trends group a million price records without sorting
/// them. The month expression must match `PriceTrends.month` exactly, and
/// `purchase_date` is stored at the end so the index covers the query.
enum TrendsMigration {
    static let identifier = "v3-price-trend-months"

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                CREATE INDEX price_records_by_product_month ON price_records(
                    product_id, \(PriceTrends.month), currency, unit, unit_price_minor, purchase_date);
                """)
        }
    }
}
