import Foundation

/// Something about a receipt a person should look at before saving. Issues
/// warn and never block: the receipt can be saved anyway.
public enum ReceiptIssue: Hashable, Sendable {
    case missingDate
    case invalidDate(String)
    case missingCurrency
    case unknownCurrency(String)
    case missingTotal
    case invalidAmount(ReceiptField, String)
    /// `item` counts from 1, as the person sees the rows.
    case invalidItemAmount(item: Int, text: String)
    case invalidQuantity(item: Int, text: String)
    case itemsWithoutPrice(Int)
    /// OCR lost the item's price; the parser took what the other items leave of the total.
    case itemPriceInferred(item: Int)
    case itemsDoNotMatchSubtotal(items: Money, subtotal: Money)
    /// Without a subtotal, the items (plus tax and tip) are checked against the total.
    case itemsDoNotMatchTotal(items: Money, total: Money)
    /// Subtotal + tax + tip against the total.
    case totalDoesNotAddUp(expected: Money, total: Money)

    /// The field the issue is about, so the form can point at it.
    public var field: ReceiptField? {
        switch self {
        case .missingDate, .invalidDate: .purchaseDate
        case .missingCurrency, .unknownCurrency: .currency
        case .missingTotal, .itemsDoNotMatchTotal, .totalDoesNotAddUp: .totalAmount
        case .invalidAmount(let field, _): field
        case .itemsDoNotMatchSubtotal: .subtotalAmount
        case .invalidItemAmount, .invalidQuantity, .itemsWithoutPrice, .itemPriceInferred: nil
        }
    }

    /// The warning in the person's language, amounts formatted for their locale.
    public func message(_ money: MoneyFormatter) -> String {
        switch self {
        case .missingDate:
            return tr("The purchase date is missing.")
        case .invalidDate(let text):
            return String(format: tr("“%@” is not a date; write it as YYYY-MM-DD."), text)
        case .missingCurrency:
            return tr("The currency is missing.")
        case .unknownCurrency(let code):
            return String(format: tr("%@ is not a currency Plutary knows; its amounts are kept with two decimals."), code)
        case .missingTotal:
            return tr("The total is missing.")
        case .invalidAmount(let field, let text):
            return String(format: tr("%@: “%@” is not an amount; it will be left empty."), field.title, text)
        case .invalidItemAmount(let item, let text):
            return String(format: tr("Item %d: “%@” is not an amount."), item, text)
        case .invalidQuantity(let item, let text):
            return String(format: tr("Item %d: “%@” is not a quantity."), item, text)
        case .itemsWithoutPrice(let count):
            return String(format: trn("%d item has no price.", "%d items have no price.", count), count)
        case .itemPriceInferred(let item):
            return String(format: tr("Item %d: its price could not be read, so it is what the other items leave of the total. Check it against the receipt."), item)
        case .itemsDoNotMatchSubtotal(let items, let subtotal):
            return String(format: tr("The items add up to %@, but the subtotal is %@."), money.string(from: items), money.string(from: subtotal))
        case .itemsDoNotMatchTotal(let items, let total):
            return String(format: tr("The items add up to %@, but the total is %@."), money.string(from: items), money.string(from: total))
        case .totalDoesNotAddUp(let expected, let total):
            return String(format: tr("Subtotal, tax and tip add up to %@, but the total is %@."), money.string(from: expected), money.string(from: total))
        }
    }
}
