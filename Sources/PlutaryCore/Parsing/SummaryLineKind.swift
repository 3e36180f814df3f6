import Foundation

/// What a line below the items means, judged from its label.
enum SummaryLineKind: Equatable, Sendable {
    /// A total; `strength` says how surely the words name the amount paid (0...1).
    case total(strength: Double)
    case subtotal
    /// A total of all taxes ("TOTAL TAX", "TOTAL GST").
    case taxTotal
    /// A single tax line; `name` as printed in normal form ("HST", "MwSt").
    case tax(name: String)
    case tip
    case tender(method: String)
    case change
    case rounding
    case savings
    /// Counts, not money: "TOTAL QTY", "TOTAL ITEMS", "ANZAHL ARTIKEL".
    case count
}
