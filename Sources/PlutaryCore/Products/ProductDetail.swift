/// A product with its whole price history, oldest first.
public struct ProductDetail: Hashable, Sendable {
    public let id: Int64
    public let name: String
    public let category: String?
    /// The different ways receipts wrote it, most frequent first.
    public let names: [String]
    public let history: [PricePoint]

    public init(id: Int64, name: String, category: String?, names: [String], history: [PricePoint]) {
        self.id = id
        self.name = name
        self.category = category
        self.names = names
        self.history = history
    }
}
