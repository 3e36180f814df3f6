import Foundation

/// The products bought, with their price history. Every method is async, so no
/// query runs on the main actor, and a cancelled task stops its query.
public protocol ProductCatalog: Sendable {
    /// Most bought first, with price trends up to `today`.
    func products(search: String?, today: Date) async throws -> [ProductSummary]
    func detail(id: Int64) async throws -> ProductDetail?
    /// Products whose names look like this one's, most alike first: merge candidates.
    /// It compares every product's name.
    func similar(to id: Int64, limit: Int) async throws -> [ProductSummary]
    /// Moves every purchase of `ids` to `target` and removes them; their names stay tied to `target`.
    func merge(_ ids: [Int64], into target: Int64) async throws
    /// Moves the purchases written as `names` out of a product into a new one; returns its id.
    func split(_ id: Int64, names: [String]) async throws -> Int64
    /// Per category, the mean price change of products bought at both ends of the range.
    func inflation(range: DayRange) async throws -> [CategoryInflation]
    func abbreviations() async throws -> AbbreviationTable
    func setAbbreviation(_ abbreviation: String, expansion: String?) async throws
}

extension ProductCatalog {
    public func products(search: String?) async throws -> [ProductSummary] {
        try await products(search: search, today: Date())
    }
}
