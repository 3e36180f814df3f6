import Foundation

/// The products bought, with their price history.
public protocol ProductCatalog: Sendable {
    func products(search: String?) throws -> [ProductSummary]
}
