import Foundation
import GRDB

/// `ReceiptStore` over the SQLite store.
public struct ReceiptRepository: ReceiptStore {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary] {
        try await database.writer.read { db in
            var receipts = ReceiptCondition()
            receipts.matching(query.search)
            receipts.purchased(from: query.range?.start, through: query.range?.end)
            receipts.category(query.category, uncategorisedOnly: query.uncategorisedOnly)
            let sql = """
                SELECT r.id, r.purchase_date, m.name AS merchant, c.name AS category, r.currency, r.total_minor,
                       r.is_fixture, (SELECT COUNT(*) FROM line_items li WHERE li.receipt_id = r.id) AS item_count
                FROM receipts r
                LEFT JOIN merchants m ON m.id = r.merchant_id
                LEFT JOIN categories c ON c.id = r.category_id
                WHERE \(receipts.sql) ORDER BY r.purchase_date DESC, r.seq DESC
                """ + (query.limit.map { " LIMIT \($0)" } ?? "")
            return try Row.fetchAll(db, sql: sql, arguments: receipts.arguments).map(Self.summary(from:))
        }
    }

    static func summary(from row: Row) -> ReceiptSummary {
        let currency: String = row["currency"]
        let total: Int64? = row["total_minor"]
        return ReceiptSummary(
            id: row["id"], purchaseDate: row["purchase_date"], merchantName: row["merchant"],
            category: row["category"], total: total.map { Money(minorUnits: $0, currency: currency) },
            itemCount: row["item_count"], isFixture: row["is_fixture"])
    }

    public func receipt(id: String) async throws -> ReceiptPayload? {
        try await database.writer.read { db in try Self.payload(db, id: id) }
    }

    static func payload(_ db: Database, id: String) throws -> ReceiptPayload? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT r.*, m.name AS merchant, c.name AS category FROM receipts r
            LEFT JOIN merchants m ON m.id = r.merchant_id
            LEFT JOIN categories c ON c.id = r.category_id
            WHERE r.id = ?
            """, arguments: [id]) else { return nil }
        let exponent = Currency.exponent(of: row["currency"])
        return payload(from: row, lineItems: try lineItems(db, receiptId: id, exponent: exponent))
    }

    /// A receipt row (receipts.* with `merchant` and `category` names) as the sync payload;
    /// shared with the streaming export.
    static func payload(from row: Row, lineItems: [LineItemPayload]) -> ReceiptPayload {
        let currency: String = row["currency"]
        let exponent = Currency.exponent(of: currency)
        func amount(_ column: String) -> String? {
            (row[column] as Int64?).map { Money.decimalString(minorUnits: $0, exponent: exponent) }
        }
        let autoFilledText: String = row["auto_filled_fields"]
        let autoFilled = autoFilledText == "[]" ? [] : (try? JSONDecoder().decode([String].self, from: Data(autoFilledText.utf8))) ?? []
        let notes: String = row["notes"]
        let ocrText: String = row["ocr_text"]
        return ReceiptPayload(
            id: row["id"], source: row["source"], merchantName: row["merchant"], purchaseDate: row["purchase_date"],
            currency: currency, subtotalAmount: amount("subtotal_minor"), taxAmount: amount("tax_minor"),
            tipAmount: amount("tip_minor"), totalAmount: amount("total_minor"), paymentMethod: row["payment_method"],
            category: row["category"], notes: notes.isEmpty ? nil : notes, ocrText: ocrText.isEmpty ? nil : ocrText,
            ocrLocale: row["ocr_locale"], imageSha256: row["image_sha256"],
            lineItems: lineItems, autoFilledFields: autoFilled)
    }

    public func lineItems(receiptId: String) async throws -> [LineItemPayload] {
        try await database.writer.read { db in
            let currency = try String.fetchOne(db, sql: "SELECT currency FROM receipts WHERE id = ?", arguments: [receiptId]) ?? "CAD"
            return try Self.lineItems(db, receiptId: receiptId, exponent: Currency.exponent(of: currency))
        }
    }

    static func lineItems(_ db: Database, receiptId: String, exponent: Int) throws -> [LineItemPayload] {
        try Row.fetchAll(db, sql: """
            SELECT li.*, c.name AS category, p.name AS product FROM line_items li
            LEFT JOIN categories c ON c.id = li.category_id
            LEFT JOIN products p ON p.id = li.product_id
            WHERE li.receipt_id = ? ORDER BY li.position
            """, arguments: [receiptId]).map { lineItem(from: $0, exponent: exponent) }
    }

    /// A line item row (line_items.* with `category` and `product` names) as the sync payload.
    static func lineItem(from row: Row, exponent: Int) -> LineItemPayload {
        LineItemPayload(
            id: row["id"], description: row["description"], quantity: row["quantity"],
            unitPrice: (row["unit_price_minor"] as Int64?).map { Money.decimalString(minorUnits: $0, exponent: exponent) },
            total: Money.decimalString(minorUnits: row["total_minor"], exponent: exponent),
            unit: row["unit"], category: row["category"], taxCode: row["tax_code"],
            discount: (row["discount_minor"] as Int64?).map { Money.decimalString(minorUnits: $0, exponent: exponent) },
            product: row["product"])
    }

    @discardableResult
    public func save(_ payload: ReceiptPayload) async throws -> String {
        try await database.writer.write { db in
            var writer = ReceiptWriter(db: db)
            return try writer.save(payload, isFixture: false)
        }
    }

    public func delete(ids: [String]) async throws {
        try await database.writer.write { db in
            for id in ids {
                if let seq = try Int64.fetchOne(db, sql: "SELECT seq FROM receipts WHERE id = ?", arguments: [id]) {
                    try db.execute(sql: "DELETE FROM receipt_search WHERE rowid = ?", arguments: [seq])
                }
                try db.execute(sql: "DELETE FROM receipts WHERE id = ?", arguments: [id])
            }
        }
    }

    public func generation() async -> StoreGeneration? { database.generation }

    public func count() async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0 }
    }
}

extension ReceiptRepository {
    public func lineItemCount() throws -> Int {
        try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM line_items") ?? 0 }
    }
}
