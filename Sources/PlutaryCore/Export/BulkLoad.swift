import GRDB

/// A large import writes faster with less to keep up to date on the way: the indexes that
/// no write during it reads are dropped, and so are the triggers that keep the report's sums;
/// at the end, in the same transaction, the sums are computed once from the stored rows and
/// the indexes and triggers created again from their own stored SQL. SQLite builds an index
/// from sorted rows far faster than it keeps one through a million random inserts.
/// The writer's own lookups (receipts by id, products by name) keep their indexes; items and
/// price records by receipt are looked up only to replace a stored receipt, so into an empty
/// store (nothing to replace but a receipt the file holds twice) those two are built at the end too.
/// Search rows are staged in a temporary table (`searchStaging`, the writer's `searchTable`)
/// and indexed in one statement at the end: FTS5 writes its pending rows out at every statement
/// of a transaction that has touched it, which cost a tenth of a 100 000-receipt import.
struct BulkLoad {
    static let searchStaging = "temp.bulk_search"

    /// Price records by line item serve only the foreign key's cascade, which a bulk load turns off.
    static let deferredIndexes = ["receipts_for_analytics", "line_items_for_analytics", "line_items_by_product",
                                  "price_records_for_trends", "price_records_by_product_covering",
                                  PriceRecordsByItemMigration.index]
    static let lookupsOfUpdates = ["line_items_by_receipt", "price_records_by_receipt"]
    static let deferredTriggers = ItemTotalsMigration.triggers + MonthPricesMigration.triggers

    /// The statements that create what `begin` dropped.
    private let recreate: [(kind: String, name: String, sql: String)]

    /// Runs `body` in one transaction; for a bulk load, with foreign keys unchecked. Every reference
    /// a bulk load stores is an id the writer has just inserted or looked up in the same transaction,
    /// or an image link the importer has checked, so the checks found nothing, and cost 3 s of a
    /// 100 000-receipt import (each price record looked its line item up among a million random ids).
    /// SQLite ignores the pragma inside a transaction, so it is set around it, and restored either way.
    /// - Parameter journaled: whether the load may leave WAL for a rollback journal (`leaveWAL`).
    static func transaction<T>(_ db: Database, bulk: Bool, journaled: Bool = false, _ body: () throws -> T) throws -> T {
        let checked = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        if bulk && checked { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer { if bulk && checked { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
        let synchronous = bulk && journaled ? leaveWAL(db) : nil
        defer { if let synchronous { returnToWAL(db, synchronous: synchronous) } }
        var result: T?
        try db.inTransaction {
            result = try body()
            return .commit
        }
        return result!
    }

    /// Into a WAL store a bulk load writes every page twice: into the WAL, then, at the checkpoint
    /// after the commit, into the database (100 000 receipts: 650 MB, 2.5 s of the import). With a
    /// rollback journal the pages go straight into the database and the journal keeps only what the
    /// load overwrites, so a kill still leaves the store as it was: SQLite rolls the journal back when
    /// the store is next opened (`AppDatabase.open`). Leaving WAL needs the store to itself; while
    /// another connection has it open, the load stays in WAL. Returns the `synchronous` setting to restore.
    private static func leaveWAL(_ db: Database) -> Int? {
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode")) == "wal",
              let synchronous = try? Int.fetchOne(db, sql: "PRAGMA synchronous"),
              (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete" else { return nil }
        // A rollback journal is safe against power loss with FULL (NORMAL is, in WAL).
        try? db.execute(sql: "PRAGMA synchronous = FULL")
        return synchronous
    }

    /// Back to WAL after the load, committed or rolled back. Should another connection have opened the
    /// store meanwhile, it stays in rollback mode until it is next opened (`DatabasePool` sets WAL).
    private static func returnToWAL(_ db: Database, synchronous: Int) {
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        try? db.execute(sql: "PRAGMA synchronous = \(synchronous)")
    }

    static func begin(_ db: Database) throws -> BulkLoad {
        let intoEmpty = try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM receipts)")!
        let names = (deferredIndexes + (intoEmpty ? lookupsOfUpdates : []) + deferredTriggers).map { "'\($0)'" }.joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE name IN (\(names)) ORDER BY type, name")
        let recreate = rows.map { (kind: $0[0] as String, name: $0[1] as String, sql: $0[2] as String) }
        for item in recreate { try db.execute(sql: "DROP \(item.kind.uppercased()) \(item.name)") }
        try db.execute(sql: "CREATE TABLE \(searchStaging)(rowid INTEGER PRIMARY KEY, merchant, items, category, notes, ocr_text)")
        return BulkLoad(recreate: recreate)
    }

    func finish(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO receipt_search(rowid, merchant, items, category, notes, ocr_text)
            SELECT rowid, merchant, items, category, notes, ocr_text FROM \(Self.searchStaging) ORDER BY rowid
            """)
        try db.execute(sql: "DROP TABLE \(Self.searchStaging)")
        // The indexes before the sums: each sum then reads a narrow covering index whose rows come
        // nearly in the order it groups by, instead of the whole table in no useful order.
        for item in recreate where item.kind == "index" { try db.execute(sql: item.sql) }
        try db.execute(sql: "DELETE FROM receipt_item_totals")
        try db.execute(sql: ItemTotalsMigration.fill)
        try db.execute(sql: "DELETE FROM product_month_prices")
        try db.execute(sql: MonthPricesMigration.fill)
        for item in recreate where item.kind != "index" { try db.execute(sql: item.sql) }
    }
}
