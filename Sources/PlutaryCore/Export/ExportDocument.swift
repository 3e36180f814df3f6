import Foundation

/// The JSON export: one object holding the format name and version, the
/// categories and products, and the receipts in the sync payload shape.
///
///     {"format": "plutary-receipts", "format_version": 1, "exported_at": "…",
///      "receipt_count": 48, "categories": ["Groceries", …],
///      "products": [{"name": "白菜 Bok Choy", "category": "Groceries"}, …],
///      "sample_receipt_ids": ["…"], "receipts": [{…}, …]}
///
/// Receipts come last so the file is written as a stream, one receipt a line.
public struct ExportDocument: Decodable, Sendable {
    public static let format = "plutary-receipts"
    /// Raise when the shape changes; import refuses files with a higher version.
    public static let formatVersion = 1

    public let formatVersion: Int
    public let categories: [String]
    public let products: [ExportedProduct]
    /// Receipts that came from the sample fixture (absent in older files: none).
    public let sampleReceiptIds: Set<String>
    public let receipts: [ReceiptPayload]

    enum CodingKeys: String, CodingKey {
        case format, categories, products, receipts
        case formatVersion = "format_version"
        case sampleReceiptIds = "sample_receipt_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard (try? c.decode(String.self, forKey: .format)) == Self.format,
              let version = try? c.decode(Int.self, forKey: .formatVersion) else {
            throw ImportError.notAnExport
        }
        // Checked before the receipts are decoded: a newer file may not decode at all.
        guard version <= Self.formatVersion else {
            throw ImportError.newerFormat(found: version, supported: Self.formatVersion)
        }
        formatVersion = version
        categories = try c.decodeIfPresent([String].self, forKey: .categories) ?? []
        products = try c.decodeIfPresent([ExportedProduct].self, forKey: .products) ?? []
        sampleReceiptIds = Set(try c.decodeIfPresent([String].self, forKey: .sampleReceiptIds) ?? [])
        receipts = try c.decode([ReceiptPayload].self, forKey: .receipts)
    }
}
