import Foundation
import GRDB

/// Writes receipts inside a transaction the caller opened, caching the
/// merchant, category and product ids it has looked up so bulk writes
/// (fixtures, the generator, imports) stay fast.
struct ReceiptWriter {
    let db: Database
    private var merchantIds: [String: Int64] = [:]
    private var categoryIds: [String: Int64] = [:]
    private var knownCurrencies: Set<String> = []
    /// Loaded on the first line item, then kept up to date with the products this writer adds.
    private var matcher: ProductMatcher?
    /// Raw item names already matched, so bulk writes normalise each name once.
    private var productIdsByRawName: [String: Int64] = [:]
    private let now: String
    /// Where search rows go: `BulkLoad` stages them in a plain table and indexes them at the end.
    var searchTable = "receipt_search" { didSet { searchInsert = nil } }
    /// Saves that replaced a stored receipt rather than adding one.
    private(set) var replacedCount = 0
    /// The inserts run for every receipt and line item, prepared once: the connection's statement
    /// cache hashes the whole SQL text at each lookup, two million times in a large import.
    private var receiptInsert: RowInsert?
    private var itemInsert: RowInsert?
    private var priceInsert: RowInsert?
    private var searchInsert: RowInsert?

    init(db: Database) {
        self.db = db
        self.now = ISO8601DateFormatter().string(from: Date())
    }

    /// What a save computes from the payload alone, with no database: the amounts in minor units,
    /// the search row's text. An import prepares its receipts on its decoding thread, so the
    /// writer's thread, which the import waits for, only writes (100 000 receipts: 3.4 million amounts).
    struct Prepared: Sendable {
        /// `imageSha256` may be cleared after preparing: nothing below depends on it.
        var payload: ReceiptPayload
        let currency: String
        let subtotal, tax, tip, total: Int64?
        let autoFilled: String
        let items: [Item]
        let searchItems: String
        let searchCategories: String

        struct Item: Sendable {
            let total: Int64
            let unitPrice: Int64?
            let discount: Int64?
            /// The price record's unit price: the item's own, else its total over its quantity.
            let perUnit: Int64
        }

        init(_ payload: ReceiptPayload) throws {
            self.payload = payload
            let currency = (payload.currency ?? "CAD").uppercased()
            self.currency = currency
            func minor(_ text: String?) -> Int64? {
                guard let text, !text.isEmpty else { return nil }
                return Money(decimalString: text, currency: currency)?.minorUnits
            }
            subtotal = minor(payload.subtotalAmount)
            tax = minor(payload.taxAmount)
            tip = minor(payload.tipAmount)
            total = minor(payload.totalAmount)
            autoFilled = payload.autoFilledFields.isEmpty
                ? "[]" : String(decoding: try JSONEncoder().encode(payload.autoFilledFields), as: UTF8.self)
            items = payload.lineItems.map { item in
                let total = minor(item.total) ?? 0
                let unitPrice = minor(item.unitPrice)
                return Item(total: total, unitPrice: unitPrice, discount: minor(item.discount),
                            perUnit: unitPrice ?? ReceiptWriter.unitPrice(total: total, quantity: item.quantity))
            }
            searchItems = payload.lineItems.map(\.description).joined(separator: "\n")
            searchCategories = ([payload.category] + payload.lineItems.map(\.category)).compactMap { $0 }.joined(separator: " ")
        }
    }

    /// Inserts or replaces the receipt `payload.id` (a new UUID when nil) with
    /// its items, price records and search row.
    mutating func save(_ payload: ReceiptPayload, isFixture: Bool) throws -> String {
        try save(Prepared(payload), isFixture: isFixture)
    }

    /// `save` of a receipt prepared beforehand, perhaps on another thread.
    mutating func save(_ receipt: Prepared, isFixture: Bool) throws -> String {
        let payload = receipt.payload
        let id = payload.id ?? UUID().uuidString.lowercased()
        let currency = receipt.currency
        try ensureCurrency(currency)
        let merchantId = try payload.merchantName.flatMap { try nameId(table: "merchants", name: $0, cache: \.merchantIds) }
        let categoryId = try payload.category.flatMap { try nameId(table: "categories", name: $0, cache: \.categoryIds) }
        let autoFilled = receipt.autoFilled

        let existingSeq = try fetchId("SELECT seq FROM receipts WHERE id = ?", arguments: [id])
        if let existingSeq {
            replacedCount += 1
            try db.execute(sql: "DELETE FROM line_items WHERE receipt_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM price_records WHERE receipt_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM receipt_search WHERE rowid = ?", arguments: [existingSeq])
            if searchTable != "receipt_search" {
                try db.execute(sql: "DELETE FROM \(searchTable) WHERE rowid = ?", arguments: [existingSeq])
            }
        }
        try prepared(&receiptInsert, """
            INSERT INTO receipts(id, merchant_id, purchase_date, currency, subtotal_minor, tax_minor, tip_minor,
                total_minor, payment_method, category_id, notes, ocr_text, ocr_locale, image_sha256, source,
                is_fixture, auto_filled_fields, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET merchant_id = excluded.merchant_id, purchase_date = excluded.purchase_date,
                currency = excluded.currency, subtotal_minor = excluded.subtotal_minor, tax_minor = excluded.tax_minor,
                tip_minor = excluded.tip_minor, total_minor = excluded.total_minor,
                payment_method = excluded.payment_method, category_id = excluded.category_id, notes = excluded.notes,
                ocr_text = excluded.ocr_text, ocr_locale = excluded.ocr_locale, image_sha256 = excluded.image_sha256,
                source = excluded.source, auto_filled_fields = excluded.auto_filled_fields,
                updated_at = excluded.updated_at
            """).run(.text(id), .integer(merchantId), .text(payload.purchaseDate), .text(currency),
                     .integer(receipt.subtotal), .integer(receipt.tax), .integer(receipt.tip),
                     .integer(receipt.total), .text(payload.paymentMethod), .integer(categoryId),
                     .text(payload.notes ?? ""), .text(payload.ocrText ?? ""), .text(payload.ocrLocale), .text(payload.imageSha256),
                     .text(payload.source ?? "manual"), .integer(isFixture ? 1 : 0), .text(autoFilled), .text(now), .text(now))
        // seq is the rowid, and with no row before the statement was an insert.
        let seq = existingSeq ?? db.lastInsertedRowID

        for (position, (item, amounts)) in zip(payload.lineItems, receipt.items).enumerated() {
            let itemId = item.id ?? UUID().uuidString.lowercased()
            let itemCategoryId = try item.category.flatMap { try nameId(table: "categories", name: $0, cache: \.categoryIds) }
            let total = amounts.total
            let unitPrice = amounts.unitPrice
            let productId = try product(named: item.product ?? item.description, categoryId: itemCategoryId)
            try prepared(&itemInsert, """
                INSERT INTO line_items(id, receipt_id, position, description, quantity, unit, unit_price_minor,
                    total_minor, discount_minor, tax_code, category_id, product_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run(.text(itemId), .text(id), .integer(Int64(position)), .text(item.description), .text(item.quantity),
                         .text(item.unit), .integer(unitPrice), .integer(total), .integer(amounts.discount), .text(item.taxCode),
                         .integer(itemCategoryId), .integer(productId))
            if let productId {
                let perUnit = amounts.perUnit
                try prepared(&priceInsert, """
                    INSERT INTO price_records(product_id, receipt_id, line_item_id, merchant_id, purchase_date, currency,
                        unit_price_minor, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """).run(.integer(productId), .text(id), .text(itemId), .integer(merchantId), .text(payload.purchaseDate),
                             .text(currency), .integer(perUnit), .text(item.unit))
            }
        }
        try prepared(&searchInsert, """
            INSERT INTO \(searchTable)(rowid, merchant, items, category, notes, ocr_text) VALUES (?, ?, ?, ?, ?, ?)
            """).run(.integer(seq), .text(payload.merchantName ?? ""), .text(receipt.searchItems), .text(receipt.searchCategories),
                     .text(payload.notes ?? ""), .text(payload.ocrText ?? ""))
        return id
    }

    /// `insert`, prepared from `sql` the first time.
    private func prepared(_ insert: inout RowInsert?, _ sql: String) throws -> RowInsert {
        if let insert { return insert }
        let made = try RowInsert(db, sql: sql)
        insert = made
        return made
    }

    private func execute(_ sql: String, arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    private func fetchId(_ sql: String, arguments: StatementArguments) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    private static func unitPrice(total: Int64, quantity: String) -> Int64 {
        guard let q = Decimal(string: quantity, locale: Locale(identifier: "en_US_POSIX")), q > 0 else { return total }
        var value = Decimal(total) / q
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// Receipts reference the currency table; a code the app has no entry for is
    /// recorded with ISO 4217's common exponent.
    private mutating func ensureCurrency(_ code: String) throws {
        guard !knownCurrencies.contains(code) else { return }
        try execute("INSERT OR IGNORE INTO currencies(code, exponent, symbol, name) VALUES (?, 2, ?, ?)",
                    arguments: [code, code, code])
        knownCurrencies.insert(code)
    }

    private mutating func nameId(table: String, name: String, cache: WritableKeyPath<ReceiptWriter, [String: Int64]>) throws -> Int64? {
        // Looked up as written first: an import names the same few categories a million times.
        if let id = self[keyPath: cache][name] { return id }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let key = trimmed.lowercased()
        if let id = self[keyPath: cache][key] {
            self[keyPath: cache][name] = id
            return id
        }
        let id: Int64
        if let found = try fetchId("SELECT id FROM \(table) WHERE name = ?", arguments: [trimmed]) {
            id = found
        } else {
            try execute( "INSERT INTO \(table)(name) VALUES (?)", arguments: [trimmed])
            id = db.lastInsertedRowID
        }
        self[keyPath: cache][key] = id
        self[keyPath: cache][name] = id
        return id
    }

    private mutating func product(named name: String, categoryId: Int64?) throws -> Int64? {
        if let id = productIdsByRawName[name] { return id }
        let id = try lookUpProduct(named: name, categoryId: categoryId)
        productIdsByRawName[name] = id
        return id
    }

    private mutating func lookUpProduct(named name: String, categoryId: Int64?) throws -> Int64? {
        var matcher = try self.matcher ?? ProductMatcher.load(db)
        // Moved out while it changes, so adding a product does not copy the whole index.
        self.matcher = nil
        defer { self.matcher = matcher }
        let key = matcher.key(for: name)
        guard !key.isEmpty else { return nil }
        if let id = matcher.match(key: key) { return id }
        try execute("INSERT INTO products(name, normalized_name, category_id) VALUES (?, ?, ?)",
                    arguments: [name.trimmingCharacters(in: .whitespacesAndNewlines), key.text, categoryId])
        let id = db.lastInsertedRowID
        matcher.add(id: id, key: key)
        return id
    }
}
