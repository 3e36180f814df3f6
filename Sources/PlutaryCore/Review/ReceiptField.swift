import Foundation

/// A receipt's editable header fields. Raw values are the sync payload's keys, so
/// `auto_filled_fields` and `field_confidence` name them directly.
public enum ReceiptField: String, CaseIterable, Hashable, Sendable {
    case merchantName = "merchant_name"
    case purchaseDate = "purchase_date"
    case currency
    case subtotalAmount = "subtotal_amount"
    case taxAmount = "tax_amount"
    case tipAmount = "tip_amount"
    case totalAmount = "total_amount"
    case paymentMethod = "payment_method"
    case category
    case notes

    /// The fields that hold money in the receipt's currency.
    public static let amounts: [ReceiptField] = [.subtotalAmount, .taxAmount, .tipAmount, .totalAmount]

    public var isAmount: Bool { Self.amounts.contains(self) }

    public var title: String {
        switch self {
        case .merchantName: tr("Merchant")
        case .purchaseDate: tr("Date")
        case .currency: tr("Currency")
        case .subtotalAmount: tr("Subtotal")
        case .taxAmount: tr("Tax")
        case .tipAmount: tr("Tip")
        case .totalAmount: tr("Total")
        case .paymentMethod: tr("Payment method")
        case .category: tr("Category")
        case .notes: tr("Notes")
        }
    }

    /// The field's value in a payload; amounts as their decimal strings.
    public func value(in payload: ReceiptPayload) -> String? {
        switch self {
        case .merchantName: payload.merchantName
        case .purchaseDate: payload.purchaseDate
        case .currency: payload.currency
        case .subtotalAmount: payload.subtotalAmount
        case .taxAmount: payload.taxAmount
        case .tipAmount: payload.tipAmount
        case .totalAmount: payload.totalAmount
        case .paymentMethod: payload.paymentMethod
        case .category: payload.category
        case .notes: payload.notes
        }
    }

    /// Sets the field; empty text clears it.
    public func set(_ text: String?, in payload: inout ReceiptPayload) {
        let value = text.flatMap { $0.isEmpty ? nil : $0 }
        switch self {
        case .merchantName: payload.merchantName = value
        case .purchaseDate: payload.purchaseDate = value
        case .currency: payload.currency = value
        case .subtotalAmount: payload.subtotalAmount = value
        case .taxAmount: payload.taxAmount = value
        case .tipAmount: payload.tipAmount = value
        case .totalAmount: payload.totalAmount = value
        case .paymentMethod: payload.paymentMethod = value
        case .category: payload.category = value
        case .notes: payload.notes = value
        }
    }
}
