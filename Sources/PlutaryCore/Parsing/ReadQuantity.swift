import Foundation

/// A quantity or weight line as read: "0.840 kg @ $3.26/kg 2.74", "2 @ $0.24", "3 @ 2/$3.00".
struct ReadQuantity: Sendable {
    let count: Decimal
    /// "kg" or "lb" for weighed goods; nil for pieces.
    let unit: String?
    let unitPrice: Decimal
    /// The line total, when the line prints one.
    let total: Decimal?

    var expectedTotal: Decimal {
        total ?? LineItemExtractor.rounded(count * unitPrice, scale: 2)
    }
}
