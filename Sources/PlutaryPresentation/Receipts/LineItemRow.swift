import PlutaryCore

/// A line item as the expanded receipt row shows it, formatted in the receipt's currency.
public struct LineItemRow: Hashable, Sendable {
    public let description: String
    public let quantity: String
    public let unitPrice: String
    public let total: String
    public let category: String

    public init(item: LineItemPayload, currency: String, money: MoneyFormatter) {
        func format(_ amount: String?) -> String {
            amount.flatMap { Money(decimalString: $0, currency: currency) }.map(money.string(from:)) ?? ""
        }
        description = item.description
        quantity = item.unit.map { "\(item.quantity) \($0)" } ?? item.quantity
        unitPrice = format(item.unitPrice)
        total = format(item.total)
        category = item.category ?? ""
    }

    /// "0.840 kg × CA$3.26", "2 × CA$0.24", or nothing for a single item without a unit price.
    public var quantityAndPrice: String {
        if unitPrice.isEmpty { return quantity == "1" ? "" : quantity }
        return "\(quantity) × \(unitPrice)"
    }
}
