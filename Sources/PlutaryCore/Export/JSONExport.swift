import Foundation
import GRDB

/// Writes the JSON export (`ExportDocument`) as a stream: the header fields,
/// then one receipt a line, so memory stays flat however many receipts there are.
struct JSONExport {
    let exportedAt: Date

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func write(_ db: Database, query: ExportQuery, total: Int, to stream: BufferedFileStream, ticker: inout ExportTicker) throws {
        let stamp = ISO8601DateFormatter().string(from: exportedAt)
        stream.write("{\"format\":\(try json(ExportDocument.format)),\"format_version\":\(ExportDocument.formatVersion),")
        stream.write("\"exported_at\":\(try json(stamp)),\"receipt_count\":\(total),\n")
        stream.write("\"categories\":\(try json(try categories(db, query: query))),\n")
        stream.write("\"products\":\(try json(try products(db, query: query))),\n")
        // Apart from the receipts, whose shape is the sync payload: the sample receipts stay
        // samples after a round trip, so "remove sample receipts" still finds them.
        let samples = try String.fetchAll(db, sql: "SELECT r.id FROM receipts r WHERE r.is_fixture = 1 AND \(query.condition) ORDER BY r.seq",
                                          arguments: query.arguments)
        stream.write("\"sample_receipt_ids\":\(try json(samples)),\n")
        stream.write("\"receipts\":[")
        let receipts = try Row.fetchCursor(db, sql: """
            SELECT r.*, m.name AS merchant, c.name AS category FROM receipts r
            LEFT JOIN merchants m ON m.id = r.merchant_id
            LEFT JOIN categories c ON c.id = r.category_id
            WHERE \(query.condition) ORDER BY \(ExportQuery.order)
            """, arguments: query.arguments)
        let items = try db.cachedStatement(sql: """
            SELECT li.*, c.name AS category, p.name AS product FROM line_items li
            LEFT JOIN categories c ON c.id = li.category_id
            LEFT JOIN products p ON p.id = li.product_id
            WHERE li.receipt_id = ? ORDER BY li.position
            """)
        var first = true
        while let row = try receipts.next() {
            let id: String = row["id"]
            let exponent = Currency.exponent(of: row["currency"])
            let lineItems = try Row.fetchAll(items, arguments: [id]).map { ReceiptRepository.lineItem(from: $0, exponent: exponent) }
            let payload = ReceiptRepository.payload(from: row, lineItems: lineItems)
            stream.write(first ? "\n" : ",\n")
            first = false
            stream.write(try encoder.encode(payload))
            try ticker.tick()
            if let failure = stream.failure { throw failure }
        }
        stream.write("\n]}\n")
    }

    /// Every category when exporting everything (so unused ones survive a round
    /// trip), else those the exported receipts, items and products use.
    private func categories(_ db: Database, query: ExportQuery) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM categories c WHERE \(query.condition == "1" ? "1" : """
                c.id IN (SELECT r.category_id FROM receipts r WHERE \(query.condition))
                OR c.id IN (SELECT li.category_id FROM line_items li JOIN receipts r ON r.id = li.receipt_id WHERE \(query.condition))
                OR c.id IN (SELECT p.category_id FROM products p WHERE p.id IN (
                    SELECT li.product_id FROM line_items li JOIN receipts r ON r.id = li.receipt_id WHERE \(query.condition)))
                """)
            ORDER BY name COLLATE NOCASE
            """, arguments: query.condition == "1" ? [] : query.arguments + query.arguments + query.arguments)
    }

    /// Every product when exporting everything, else those the exported items link to.
    private func products(_ db: Database, query: ExportQuery) throws -> [ExportedProduct] {
        let filter = query.condition == "1" ? "1" : """
            p.id IN (SELECT li.product_id FROM line_items li JOIN receipts r ON r.id = li.receipt_id WHERE \(query.condition))
            """
        return try Row.fetchAll(db, sql: """
            SELECT p.name, c.name AS category FROM products p LEFT JOIN categories c ON c.id = p.category_id
            WHERE \(filter) ORDER BY p.id
            """, arguments: query.condition == "1" ? [] : query.arguments).map {
            ExportedProduct(name: $0["name"], category: $0["category"])
        }
    }

    private func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
