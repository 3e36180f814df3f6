/// What an import changed.
public struct ImportResult: Sendable, Equatable {
    /// Receipts whose id was not in the store.
    public let inserted: Int
    /// Receipts whose id was already there, replaced by the file's version.
    public let updated: Int
    public let categoriesAdded: Int
    public let productsAdded: Int
    /// Receipts that named an image the store does not hold; their image link was dropped.
    public let missingImages: Int
}
