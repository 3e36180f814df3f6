import PlutaryCore

/// One row of the items table as the person edits it: the five editable
/// columns as typed, over the payload item that keeps the rest (unit, tax code,
/// discount, product link, stored id).
public struct ReviewLineItem: Hashable, Sendable, Identifiable {
    /// Stable while rows are added, removed and moved, so the view can keep its widgets.
    public let id: Int
    public var description: String
    public var quantity: String
    public var unitPrice: String
    public var total: String
    public var category: String
    let base: LineItemPayload?
    /// Whether the person typed in the price: a price the parser inferred is then theirs.
    private(set) var priceTyped = false

    init(id: Int, item: LineItemPayload?) {
        self.id = id
        base = item
        description = item?.description ?? ""
        quantity = item?.quantity ?? "1"
        unitPrice = item?.unitPrice ?? ""
        total = item?.total ?? ""
        category = item?.category ?? ""
    }

    public subscript(column: LineItemColumn) -> String {
        get {
            switch column {
            case .description: description
            case .quantity: quantity
            case .unitPrice: unitPrice
            case .total: total
            case .category: category
            }
        }
        set {
            switch column {
            case .description: description = newValue
            case .quantity: quantity = newValue
            case .unitPrice: unitPrice = newValue
            case .total: total = newValue; priceTyped = true
            case .category: category = newValue
            }
        }
    }

    /// True when the person typed nothing into a row they added.
    var isBlank: Bool { base == nil && isEmpty }

    /// No description, price or category (a quantity alone says nothing).
    public var isEmpty: Bool {
        [description, unitPrice, total, category].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    func sameContent(as other: ReviewLineItem) -> Bool {
        LineItemColumn.allCases.allSatisfy { self[$0] == other[$0] }
    }

    /// The row as typed, for validation.
    var draft: LineItemPayload {
        var item = base ?? LineItemPayload(description: "", total: "")
        item.description = description
        item.quantity = quantity
        item.unitPrice = unitPrice.isEmpty ? nil : unitPrice
        item.total = total
        item.category = category.isEmpty ? nil : category
        if priceTyped { item.priceInferred = nil }
        return item
    }

    /// The row as it is stored: amounts in the currency's precision; a changed
    /// description drops the old product link so the new name picks the product.
    func stored(currency: String) -> LineItemPayload {
        var item = base ?? LineItemPayload(description: "", total: "0")
        let name = description.trimmingCharacters(in: .whitespacesAndNewlines)
        if name != base?.description { item.product = nil }
        item.description = name
        item.quantity = AmountText.quantity(quantity) ?? "1"
        item.unitPrice = AmountText.normalized(unitPrice, currency: currency)
        item.total = AmountText.normalized(total, currency: currency) ?? Money(minorUnits: 0, currency: currency).decimalString
        let trimmedCategory = category.trimmingCharacters(in: .whitespacesAndNewlines)
        item.category = trimmedCategory.isEmpty ? nil : trimmedCategory
        item.priceInferred = nil
        return item
    }
}
