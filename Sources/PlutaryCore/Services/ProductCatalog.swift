import Foundation

/// The products bought, with their price history.
public protocol ProductCatalog: Sendable {
    /// Most bought first, with price trends up to `today`.
    func products(search: String?, today: Date) throws -> [ProductSummary]
    func detail(id: Int64) throws -> ProductDetail?
    /// Products whose names look like this one's, most alike first: merge candidates. Async: it compares
    /// every product's name, so it never runs on the main actor, and a cancelled call stops.
    func similar(to id: Int64, limit: Int) async throws -> [ProductSummary]
    /// Moves every purchase of `ids` to `target` and removes them; their names stay tied to `target`.
    func merge(_ ids: [Int64], into target: Int64) throws
    /// Moves the purchases written as `names` out of a product into a new one; returns its id.
    func split(_ id: Int64, names: [String]) throws -> Int64
    /// Per category, the mean price change of products bought at both ends of the range.
    func inflation(range: DayRange) throws -> [CategoryInflation]
    func abbreviations() throws -> AbbreviationTable
    func setAbbreviation(_ abbreviation: String, expansion: String?) throws
}

extension ProductCatalog {
    public func products(search: String?) throws -> [ProductSummary] {
        try products(search: search, today: Date())
    }
}
