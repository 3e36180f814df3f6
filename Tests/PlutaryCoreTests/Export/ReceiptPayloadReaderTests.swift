import Foundation
import Testing
@testable import PlutaryCore

/// The import reads receipts with its own reader and leaves the rest to JSONDecoder: whatever
/// the reader reads must be what JSONDecoder reads, and what it cannot read exactly, it must leave.
struct ReceiptPayloadReaderTests {
    private func read(_ text: String) -> ReceiptPayload? {
        let data = Data(text.utf8)
        return data.withUnsafeBytes { ReceiptPayloadReader.read($0) }
    }

    private func decoded(_ text: String) -> ReceiptPayload? {
        try? JSONDecoder().decode(ReceiptPayload.self, from: Data(text.utf8))
    }

    private static let full = ReceiptPayload(
        id: "r-1", source: "scan", merchantName: "Smith, Jones & \"Sons\" / 白菜 😀", purchaseDate: "2026-03-14",
        currency: "CAD", subtotalAmount: "1234.50", taxAmount: "160.49", tipAmount: "5.00", totalAmount: "1399.99",
        paymentMethod: "Visa\tdebit", category: "Groceries", notes: "first line\nsecond \\ line\r\u{08}\u{0C}\u{01}",
        ocrText: "SMITH\nJONES", ocrLocale: "en_CA", ocrEngine: "ppocr", imageSha256: "abc",
        lineItems: [LineItemPayload(id: "i-1", description: "MILK 2%", quantity: "1.5", unitPrice: "2.00", total: "3.00",
                                    unit: "kg", category: "Dairy", taxCode: "H", discount: "-0.50", product: "Milk"),
                    LineItemPayload(description: "BREAD", total: "2.50")],
        taxes: [TaxLinePayload(name: "HST", rate: "13", amount: "160.49"), TaxLinePayload(name: "PST", amount: "0")],
        autoFilledFields: ["total_amount", "currency"], fieldConfidence: ["total_amount": 0.93, "merchant_name": 1, "date": 1.5e-3],
        confidence: 0.875, warnings: ["items sum to 3.00"])

    /// The export's own output, as JSONEncoder writes it (with its escapes), and with nulls everywhere.
    @Test func readsWhatTheExportWritesAsJSONDecoderDoes() throws {
        var inferred = Self.full
        inferred.lineItems[0].priceInferred = true
        for payload in [Self.full, ReceiptPayload(), inferred] {
            for formatting in [JSONEncoder.OutputFormatting.sortedKeys, [.prettyPrinted], [.withoutEscapingSlashes]] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = formatting
                let text = String(decoding: try encoder.encode(payload), as: UTF8.self)
                #expect(read(text) == payload, "\(text)")
                #expect(read(text) == decoded(text))
            }
        }
    }

    @Test func agreesWithJSONDecoderOnWhatItReads() {
        let texts = [
            #"{}"#,
            #" { "id" : null , "line_items" : null, "taxes": null, "auto_filled_fields": null, "warnings": null, "field_confidence": null } "#,
            #"{"merchant_name": "\u00e9\u0041\ud83d\ude00\/"}"#,
            #"{"confidence": -0, "field_confidence": {"a": 1E2, "b": -0.5e-1, "c": 0}}"#,
            #"{"line_items": [{"description": "A", "total": "1", "quantity": null, "price_inferred": false}]}"#,
            #"{"line_items": [], "taxes": [], "auto_filled_fields": []}"#,
        ]
        for text in texts {
            let ours = read(text)
            #expect(ours != nil, "\(text)")
            #expect(ours == decoded(text), "\(text)")
        }
    }

    /// What it leaves to JSONDecoder: anything not exactly the payload's shape, whether JSONDecoder reads it or refuses it.
    @Test func leavesToJSONDecoderWhatItCannotReadExactly() {
        let texts = [
            #"{"id": "a", "id": "b"}"#,                              // a key twice
            #"{"unknown": 1}"#,                                      // a key the payload lacks
            #"{"i\u0064": "a"}"#,                                    // an escaped key
            #"{"id": 1}"#, #"{"total_amount": true}"#,               // other types
            #"{"line_items": [{"total": "1"}]}"#,                    // a required field missing
            #"{"line_items": [{"description": null, "total": "1"}]}"#,
            #"{"line_items": [{"description": "A", "total": "1", "price_inferred": 1}]}"#,
            #"{"confidence": 1e400}"#, #"{"confidence": 01}"#, #"{"confidence": 1.}"#, #"{"confidence": "1"}"#,
            #"{"merchant_name": "\ud83d"}"#, #"{"merchant_name": "\ude00"}"#, #"{"merchant_name": "\x"}"#,
            "{\"merchant_name\": \"a\u{01}b\"}",                       // a raw control character
            #"{"warnings": [null]}"#, #"{"warnings": ["a",]}"#,
            #"{"id": "a",}"#, #"{"id": "a"} x"#, #"{"id": nullx}"#, #"["#, "",
        ]
        for text in texts {
            #expect(read(text) == nil, "\(text)")
        }
        // Invalid UTF-8 inside a string.
        var bytes = Array(#"{"id": "ab"}"#.utf8)
        bytes[8] = 0xFF
        #expect(Data(bytes).withUnsafeBytes { ReceiptPayloadReader.read($0) } == nil)
    }

    /// The receipts of a generated store's export read the same both ways, and the import reads them itself.
    @Test func readsAGeneratedExportAsJSONDecoderDoes() throws {
        let source = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 40, seed: 11).run(into: source)
        let url = try temporaryFolder().appendingPathComponent("export.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        _ = try ReceiptExporter(database: source).export(.json, scope: .everything, to: url)
        let file = try ExportFileReader(data: try Data(contentsOf: url))
        #expect(file.receiptRanges.count == 40)
        for range in file.receiptRanges {
            let ours = file.data.withUnsafeBytes { ReceiptPayloadReader.read(UnsafeRawBufferPointer(rebasing: $0[range])) }
            #expect(ours != nil)
            #expect(ours == (try JSONDecoder().decode(ReceiptPayload.self, from: file.data.subdata(in: range))))
        }
    }
}
