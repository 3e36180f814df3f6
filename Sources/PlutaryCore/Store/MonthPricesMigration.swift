import GRDB

/// Migration "v5-product-month-prices": unit prices summed per product, month,
/// currency and unit, kept by triggers, so price trends over all time read one
/// row per product and month instead of every price record. Records without a
/// day have no month and are left out, as the trends always left them out; a
/// missing unit and an empty one are the same series (`unit` is '' for both).
/// v3's (product, month) index served only that query, and every write paid for it.
enum MonthPricesMigration {
    static let identifier = "v5-product-month-prices"
    /// The triggers that keep the table, by name (a bulk import sets them aside).
    static let triggers = ["product_month_prices_insert", "product_month_prices_delete", "product_month_prices_update"]

    /// A price record's key in the table.
    private static func key(_ row: String) -> String {
        "\(row).product_id, substr(\(row).purchase_date, 1, 7), \(row).currency, COALESCE(\(row).unit, '')"
    }

    /// Sums every stored price record into the (empty) table; also after a bulk import.
    static let fill = """
        INSERT INTO product_month_prices(product_id, month, currency, unit, price_sum, record_count)
        SELECT \(key("price_records")), SUM(\(Money.bounded("unit_price_minor"))), COUNT(*)
        FROM price_records WHERE purchase_date IS NOT NULL GROUP BY 1, 2, 3, 4;
        """

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            let subtractOld = """
                UPDATE product_month_prices SET price_sum = price_sum - \(Money.bounded("OLD.unit_price_minor")),
                    record_count = record_count - 1
                WHERE (product_id, month, currency, unit) = (\(key("OLD")));
                DELETE FROM product_month_prices WHERE (product_id, month, currency, unit) = (\(key("OLD"))) AND record_count <= 0;
                """
            let addNew = """
                INSERT INTO product_month_prices(product_id, month, currency, unit, price_sum, record_count)
                SELECT \(key("NEW")), \(Money.bounded("NEW.unit_price_minor")), 1 WHERE NEW.purchase_date IS NOT NULL
                ON CONFLICT(product_id, month, currency, unit) DO UPDATE
                SET price_sum = price_sum + excluded.price_sum, record_count = record_count + 1;
                """
            try db.execute(sql: """
                CREATE TABLE product_month_prices(
                    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    price_sum INTEGER NOT NULL,
                    record_count INTEGER NOT NULL,
                    PRIMARY KEY(product_id, month, currency, unit)) WITHOUT ROWID;
                \(fill)
                CREATE TRIGGER \(triggers[0]) AFTER INSERT ON price_records BEGIN \(addNew) END;
                CREATE TRIGGER \(triggers[1]) AFTER DELETE ON price_records
                WHEN OLD.purchase_date IS NOT NULL BEGIN \(subtractOld) END;
                CREATE TRIGGER \(triggers[2])
                AFTER UPDATE OF product_id, purchase_date, currency, unit, unit_price_minor ON price_records
                BEGIN \(subtractOld) \(addNew) END;
                DROP INDEX price_records_by_product_month;
                """)
        }
    }
}
