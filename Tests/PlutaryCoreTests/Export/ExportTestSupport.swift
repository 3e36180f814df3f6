import Foundation
import GRDB
@testable import PlutaryCore

/// A fresh folder under the temporary directory, for file stores and exports.
func temporaryFolder(_ name: String = #function) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("plutary-tests-\(name.filter(\.isLetter))-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Every row of every data table, as text: two stores (or one store before and
/// after) hold the same data exactly when their dumps are equal.
func dump(_ database: AppDatabase) throws -> String {
    try database.writer.read { db in
        var lines: [String] = []
        for table in ["currencies", "merchants", "categories", "image_files", "receipts", "products", "line_items",
                      "price_records", "exchange_rates", "analysis_jobs"] {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid") {
                lines.append("\(table): \(row.description)")
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid, * FROM receipt_search ORDER BY rowid") {
            lines.append("receipt_search: \(row.description)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Receipts whose text puts a CSV writer to the test: delimiters, quotes, line
/// breaks and Chinese, plus notes, OCR text, a tip, a discount and an unused category and product.
func seedTrickyReceipts(_ database: AppDatabase) async throws {
    let repository = ReceiptRepository(database: database)
    try await repository.save(ReceiptPayload(
        id: "tricky-1", source: "manual", merchantName: "Smith, Jones & \"Sons\"", purchaseDate: "2026-03-14",
        currency: "CAD", subtotalAmount: "1234.50", taxAmount: "160.49", tipAmount: "5.00", totalAmount: "1399.99",
        paymentMethod: "Visa; debit", category: "Groceries", notes: "first line\nsecond, \"quoted\" line",
        ocrText: "SMITH, JONES\n白菜 2.98", ocrLocale: "en_CA",
        lineItems: [
            LineItemPayload(id: "tricky-1-a", description: "白菜 Bok Choy", quantity: "0.840", unitPrice: "3.55", total: "2.98",
                            unit: "kg", category: "Groceries", taxCode: "H"),
            LineItemPayload(id: "tricky-1-b", description: "Nuts, \"salted\"\nlarge", quantity: "2", unitPrice: "615.76",
                            total: "1231.52", category: "Snacks", discount: "0.50"),
        ],
        autoFilledFields: ["merchant_name", "total_amount"]))
    try await repository.save(ReceiptPayload(
        id: "tricky-2", merchantName: "Lidl", purchaseDate: "2026-04-02", currency: "EUR", subtotalAmount: "2.18",
        taxAmount: "0.00", totalAmount: "2.18", category: "Groceries",
        lineItems: [LineItemPayload(id: "tricky-2-a", description: "Crème fraîche", total: "2.18", category: "Groceries")]))
    try await repository.save(ReceiptPayload(
        id: "tricky-3", merchantName: "ラーメン屋", purchaseDate: "2026-04-03", currency: "JPY", totalAmount: "1200",
        lineItems: [LineItemPayload(id: "tricky-3-a", description: "醤油ラーメン", total: "1200")]))
    try await database.writer.write { db in
        try db.execute(sql: "INSERT INTO categories(name) VALUES ('Unused')")
        try db.execute(sql: """
            INSERT INTO products(name, normalized_name, category_id)
            VALUES ('Orphan Widget', ?, (SELECT id FROM categories WHERE name = 'Unused'))
            """, arguments: [ProductName.normalized("Orphan Widget")])
        // A product whose own category differs from its item's.
        try db.execute(sql: "UPDATE products SET category_id = (SELECT id FROM categories WHERE name = 'Unused') WHERE name = '醤油ラーメン'")
    }
}
