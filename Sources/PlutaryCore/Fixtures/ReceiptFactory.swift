import Foundation

/// Builds a plausible receipt for a shop: items, weighed quantities, tax and
/// totals that add up, so fixtures exercise the same arithmetic as real receipts.
struct ReceiptFactory {
    var rng: SeededGenerator
    /// Extra product names per shop item, so a large store has thousands of products.
    let variants: [String]

    func decimal(_ minor: Int64, _ currency: String) -> String {
        Money.decimalString(minorUnits: minor, exponent: Currency.exponent(of: currency))
    }

    mutating func receipt(shop: FixtureCatalog.Shop, day: String, itemCount: Int, id: String? = nil) -> ReceiptPayload {
        var items: [LineItemPayload] = []
        var subtotal: Int64 = 0
        var taxable: Int64 = 0
        for _ in 0..<itemCount {
            let item = shop.items.randomElement(using: &rng)!
            let variant = variants.randomElement(using: &rng)!
            let name = variant.isEmpty ? item.name : "\(item.name) \(variant)"
            // Prices drift a little over time and between visits.
            let price = max(1, item.price + Int64.random(in: -item.price / 10...item.price / 8, using: &rng))
            let line: LineItemPayload
            let total: Int64
            if item.weighed {
                let grams = Int64.random(in: 250...2200, using: &rng)
                total = (price * grams + 500) / 1000
                line = LineItemPayload(description: name, quantity: String(format: "%.3f", Double(grams) / 1000),
                                       unitPrice: decimal(price, shop.currency), total: decimal(total, shop.currency),
                                       unit: "kg", category: item.category, taxCode: item.taxable ? "H" : nil)
            } else {
                let quantity = Int64(Int.random(in: 0..<10, using: &rng) == 0 ? 2 : 1)
                total = price * quantity
                line = LineItemPayload(description: name, quantity: String(quantity), unitPrice: decimal(price, shop.currency),
                                       total: decimal(total, shop.currency), category: item.category,
                                       taxCode: item.taxable ? "H" : nil)
            }
            items.append(line)
            subtotal += total
            if item.taxable { taxable += total }
        }
        let tax = (taxable * Int64(shop.taxPercent) + 50) / 100
        return ReceiptPayload(
            id: id ?? UUID().uuidString.lowercased(), source: "fixture", merchantName: shop.name, purchaseDate: day,
            currency: shop.currency, subtotalAmount: decimal(subtotal, shop.currency), taxAmount: decimal(tax, shop.currency),
            totalAmount: decimal(subtotal + tax, shop.currency), paymentMethod: shop.payment.randomElement(using: &rng),
            category: shop.category, lineItems: items,
            taxes: tax > 0 ? [TaxLinePayload(name: shop.taxName, rate: "\(shop.taxPercent)%", amount: decimal(tax, shop.currency))] : [])
    }
}
