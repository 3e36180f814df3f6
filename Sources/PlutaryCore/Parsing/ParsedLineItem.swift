import Foundation

/// One purchased line as read from the receipt.
///
/// Discount convention: `total` is what was paid for the line after any saving
/// printed under it (instant savings, multi-buy); `discount` holds that saving as a
/// positive amount; `unitPrice` is the shelf price. Deposits and environmental fees
/// are line items of their own (category "deposit" / "fee") so that items add up
/// to the subtotal; so is an article brought back (category "return", a negative total).
public struct ParsedLineItem: Hashable, Sendable {
    public var description: String
    public var quantity: Decimal
    public var unit: String?
    public var unitPrice: Decimal?
    public var total: Decimal
    public var discount: Decimal?
    /// The tax code as the merchant means it ("HST", "ZERO", or the printed letter "A").
    public var taxCode: String?
    /// Item number printed before the description (Costco), or UPC (Walmart).
    public var code: String?
    public var category: String?
    public var lineIndex: Int
    public var price = PriceSource.printed

    public init(description: String, quantity: Decimal = 1, unit: String? = nil, unitPrice: Decimal? = nil,
                total: Decimal, discount: Decimal? = nil, taxCode: String? = nil, code: String? = nil,
                category: String? = nil, lineIndex: Int) {
        self.description = description; self.quantity = quantity; self.unit = unit; self.unitPrice = unitPrice
        self.total = total; self.discount = discount; self.taxCode = taxCode; self.code = code
        self.category = category; self.lineIndex = lineIndex
    }
}
