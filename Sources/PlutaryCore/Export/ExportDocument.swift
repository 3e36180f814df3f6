import Foundation

/// The JSON export: one object holding the format name and version, the
/// categories and products, and the receipts in the sync payload shape.
///
///     {"format": "plutary-receipts", "format_version": 1, "exported_at": "…",
///      "receipt_count": 48, "categories": ["Groceries", …],
///      "products": [{"name": "白菜 Bok Choy", "category": "Groceries"}, …],
///      "receipts": [{…}, …]}
///
/// Receipts come last so the file is written as a stream, one receipt a line.
public struct ExportDocument: Decodable, Sendable {
    public static let format = "plutary-receipts"
    /// Raise when the shape changes; import refuses files with a higher version.
    public static let formatVersion = 1

    public let formatVersion: Int
    public let categories: [String]
    public let products: [ExportedProduct]
    public let receipts: [ReceiptPayload]

    enum CodingKeys: String, CodingKey {
        case format, categories, products, receipts
        case formatVersion = "format_version"
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
        receipts = try c.decode([ReceiptPayload].self, forKey: .receipts)
    }
}
