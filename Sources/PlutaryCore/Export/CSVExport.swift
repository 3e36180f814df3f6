import Foundation
import GRDB

/// Writes the receipts table or the line-items table as RFC 4180 CSV (quoted
/// fields, CRLF, UTF-8, a header row).
struct CSVExport {
    let options: CSVOptions
    let primaryCurrency: String

    static let receiptColumns = [
        "id", "date", "merchant", "category", "currency", "subtotal", "tax", "tip", "total",
        "converted_total", "primary_currency", "payment_method", "notes", "item_count",
    ]
    static let itemColumns = [
        "receipt_id", "date", "merchant", "position", "description", "quantity", "unit", "unit_price",
        "discount", "total", "currency", "tax_code", "category", "product",
    ]

    /// Rows in scope, for the progress total.
    func rowCount(_ db: Database, query: ExportQuery) throws -> Int {
        let sql = switch options.table {
        case .receipts: "SELECT COUNT(*) FROM receipts r WHERE \(query.condition)"
        case .lineItems: "SELECT COUNT(*) FROM receipts r JOIN line_items li ON li.receipt_id = r.id WHERE \(query.condition)"
        }
        return try Int.fetchOne(db, sql: sql, arguments: query.arguments) ?? 0
    }

    func write(_ db: Database, query: ExportQuery, to stream: BufferedFileStream, ticker: inout ExportTicker) throws -> Int {
        let writer = CSVBatchWriter(delimiter: options.delimiter.rawValue, stream: stream)
        switch options.table {
        case .receipts: try writeReceipts(db, query: query, writer: writer, ticker: &ticker)
        case .lineItems: try writeItems(db, query: query, writer: writer, ticker: &ticker)
        }
        try writer.finish()
        return ticker.done
    }

    private func writeReceipts(_ db: Database, query: ExportQuery, writer: CSVBatchWriter, ticker: inout ExportTicker) throws {
        try writer.write(Self.receiptColumns)
        let sql = """
            SELECT r.id, r.purchase_date, m.name AS merchant, c.name AS category, r.currency, r.subtotal_minor,
                   r.tax_minor, r.tip_minor, r.total_minor, r.payment_method, r.notes,
                   (SELECT COUNT(*) FROM line_items li WHERE li.receipt_id = r.id) AS item_count
            FROM receipts r
            LEFT JOIN merchants m ON m.id = r.merchant_id
            LEFT JOIN categories c ON c.id = r.category_id
            WHERE \(query.condition) ORDER BY \(ExportQuery.order)
            """
        let primary = primaryCurrency.uppercased()
        // The list's converter, read in this transaction: the same rates, cross rates through EUR included.
        let converter = CurrencyConverter(rates: try ExchangeRateRepository.rates(db))
        let rows = try Row.fetchCursor(db, sql: sql, arguments: query.arguments)
        while let row = try rows.next() {
            // By position, in the SELECT's order: a lookup by name per field costs a column search.
            let currency: String = row[4]
            let exponent = Currency.exponent(of: currency)
            let total: Int64? = row[8]
            // Without a date, the latest known rate (as in the receipts list).
            let day: String = row[1] ?? "9999-12-31"
            let converted = total.flatMap { converter.convert(Money(minorUnits: $0, currency: currency), to: primary, on: day)?.minorUnits }
            let itemCount: Int = row[11]
            let fields: [String] = [
                text(row, 0), text(row, 1), text(row, 2), text(row, 3), currency,
                amount(row[5], exponent), amount(row[6], exponent), amount(row[7], exponent),
                amount(total, exponent), amount(converted, Currency.exponent(of: primary)), converted == nil ? "" : primary,
                text(row, 9), text(row, 10), String(itemCount),
            ]
            try writer.write(fields)
            try ticker.tick()
        }
    }

    private func writeItems(_ db: Database, query: ExportQuery, writer: CSVBatchWriter, ticker: inout ExportTicker) throws {
        try writer.write(Self.itemColumns)
        let sql = """
            SELECT r.id AS receipt_id, r.purchase_date, m.name AS merchant, r.currency, li.position, li.description,
                   li.quantity, li.unit, li.unit_price_minor, li.discount_minor, li.total_minor, li.tax_code,
                   c.name AS category, p.name AS product
            FROM receipts r
            JOIN line_items li ON li.receipt_id = r.id
            LEFT JOIN merchants m ON m.id = r.merchant_id
            LEFT JOIN categories c ON c.id = li.category_id
            LEFT JOIN products p ON p.id = li.product_id
            WHERE \(query.condition) ORDER BY \(ExportQuery.order), li.position
            """
        let rows = try Row.fetchCursor(db, sql: sql, arguments: query.arguments)
        while let row = try rows.next() {
            // By position, in the SELECT's order.
            let currency: String = row[3]
            let exponent = Currency.exponent(of: currency)
            let position: Int = row[4]
            let fields: [String] = [
                text(row, 0), text(row, 1), text(row, 2), String(position + 1),
                text(row, 5), decimal(text(row, 6)), text(row, 7),
                amount(row[8], exponent), amount(row[9], exponent),
                amount(row[10], exponent), currency, text(row, 11), text(row, 12), text(row, 13),
            ]
            try writer.write(fields)
            try ticker.tick()
        }
    }

    private func text(_ row: Row, _ column: Int) -> String {
        let text = (row[column] as String?) ?? ""
        return options.neutralisesFormulas ? Self.neutralised(text) : text
    }

    /// A cell starting with = + - @, a tab or a carriage return, which spreadsheets
    /// read as a formula, behind an apostrophe (OWASP's advice); numbers ("-5") stay as they are.
    static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first, "=+-@\t\r".utf8.contains(first), !isNumber(text) else { return text }
        return "'" + text
    }

    private static func isNumber(_ text: String) -> Bool {
        let body = text.utf8.first == UInt8(ascii: "-") || text.utf8.first == UInt8(ascii: "+") ? text.utf8.dropFirst() : text.utf8[...]
        let separators = body.filter { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }.count
        return separators <= 1 && body.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            && body.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
    }

    private func amount(_ minorUnits: Int64?, _ exponent: Int) -> String {
        guard let minorUnits else { return "" }
        return decimal(Money.decimalString(minorUnits: minorUnits, exponent: exponent))
    }

    /// A plain decimal ("12.50") with the chosen separator.
    private func decimal(_ text: String) -> String {
        // Byte-wise: Foundation's replacingOccurrences cost 5 s of CPU on a million rows.
        guard options.decimalSeparator == .comma else { return text }
        return String(decoding: text.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }, as: UTF8.self)
    }
}
