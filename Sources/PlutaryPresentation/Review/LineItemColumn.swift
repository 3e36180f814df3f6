import PlutaryCore

/// The editable columns of the review screen's items table, in order.
public enum LineItemColumn: CaseIterable, Hashable, Sendable {
    case description, quantity, unitPrice, total, category

    public var title: String {
        switch self {
        case .description: tr("Description")
        case .quantity: tr("Qty")
        case .unitPrice: tr("Unit price")
        case .total: tr("Total")
        case .category: tr("Category")
        }
    }

    public var isNumeric: Bool { self == .quantity || self == .unitPrice || self == .total }
}
