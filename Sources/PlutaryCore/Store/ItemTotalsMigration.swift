import GRDB

/// Migration "v4-receipt-item-totals": each receipt's line items summed per
/// category, kept by triggers, so the report joins ~2 rows a receipt instead
/// of ~10 line items. `category_key` is the item's category id, or 0 for none
/// (ids start at 1), so it can be part of the primary key. Amounts are held
/// within `Money.limit` item by item, as the report's sums always were.
enum ItemTotalsMigration {
    static let identifier = "v4-receipt-item-totals"
    /// The triggers that keep the table, by name (a bulk import sets them aside).
    static let triggers = ["receipt_item_totals_insert", "receipt_item_totals_delete", "receipt_item_totals_update"]

    /// Sums every stored line item into the (empty) table; also after a bulk import.
    static let fill = """
        INSERT INTO receipt_item_totals(receipt_id, category_key, total_minor, item_count)
        SELECT receipt_id, COALESCE(category_id, 0), SUM(\(Money.bounded("total_minor"))), COUNT(*)
        FROM line_items GROUP BY receipt_id, COALESCE(category_id, 0);
        """

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            let old = Money.bounded("OLD.total_minor"), new = Money.bounded("NEW.total_minor")
            let subtractOld = """
                UPDATE receipt_item_totals SET total_minor = total_minor - \(old), item_count = item_count - 1
                WHERE receipt_id = OLD.receipt_id AND category_key = COALESCE(OLD.category_id, 0);
                DELETE FROM receipt_item_totals
                WHERE receipt_id = OLD.receipt_id AND category_key = COALESCE(OLD.category_id, 0) AND item_count <= 0;
                """
            let addNew = """
                INSERT INTO receipt_item_totals(receipt_id, category_key, total_minor, item_count)
                VALUES (NEW.receipt_id, COALESCE(NEW.category_id, 0), \(new), 1)
                ON CONFLICT(receipt_id, category_key) DO UPDATE
                SET total_minor = total_minor + excluded.total_minor, item_count = item_count + 1;
                """
            try db.execute(sql: """
                CREATE TABLE receipt_item_totals(
                    receipt_id TEXT NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                    category_key INTEGER NOT NULL,
                    total_minor INTEGER NOT NULL,
                    item_count INTEGER NOT NULL,
                    PRIMARY KEY(receipt_id, category_key)) WITHOUT ROWID;
                \(fill)
                CREATE TRIGGER \(triggers[0]) AFTER INSERT ON line_items BEGIN \(addNew) END;
                CREATE TRIGGER \(triggers[1]) AFTER DELETE ON line_items BEGIN \(subtractOld) END;
                CREATE TRIGGER \(triggers[2]) AFTER UPDATE OF receipt_id, category_id, total_minor ON line_items
                BEGIN \(subtractOld) \(addNew) END;
                """)
        }
    }
}
