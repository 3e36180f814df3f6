import Foundation

/// One line item in the sync payload; amounts are decimal strings.
public struct LineItemPayload: Codable, Hashable, Sendable {
    public var id: String?
    public var description: String
    public var quantity: String
    public var unitPrice: String?
    public var total: String
    public var unit: String?
    public var category: String?
    public var taxCode: String?
    public var discount: String?
    public var product: String?
    /// True when OCR lost the price and the parser took it from the receipt's arithmetic, so
    /// the review asks the person to check it; never stored.
    public var priceInferred: Bool?

    public init(id: String? = nil, description: String, quantity: String = "1", unitPrice: String? = nil, total: String,
                unit: String? = nil, category: String? = nil, taxCode: String? = nil, discount: String? = nil, product: String? = nil) {
        self.id = id; self.description = description; self.quantity = quantity; self.unitPrice = unitPrice
        self.total = total; self.unit = unit; self.category = category; self.taxCode = taxCode
        self.discount = discount; self.product = product
    }

    enum CodingKeys: String, CodingKey {
        case id, description, quantity, total, unit, category, discount, product
        case priceInferred = "price_inferred"
        case unitPrice = "unit_price"
        case taxCode = "tax_code"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        description = try c.decode(String.self, forKey: .description)
        quantity = try c.decodeIfPresent(String.self, forKey: .quantity) ?? "1"
        unitPrice = try c.decodeIfPresent(String.self, forKey: .unitPrice)
        total = try c.decode(String.self, forKey: .total)
        unit = try c.decodeIfPresent(String.self, forKey: .unit)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        taxCode = try c.decodeIfPresent(String.self, forKey: .taxCode)
        discount = try c.decodeIfPresent(String.self, forKey: .discount)
        product = try c.decodeIfPresent(String.self, forKey: .product)
        priceInferred = try c.decodeIfPresent(Bool.self, forKey: .priceInferred)
    }
}
