/// A product as the JSON export lists it: its name and its own category.
public struct ExportedProduct: Codable, Hashable, Sendable {
    public var name: String
    public var category: String?

    public init(name: String, category: String?) {
        self.name = name
        self.category = category
    }

    /// Encodes a missing category as null, so every field is present.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(category, forKey: .category)
    }
}
