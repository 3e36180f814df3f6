/// What a share of spending is put under: a category, no category, or the part
/// of receipts' totals that is not in their line items (taxes, tips, fees).
public enum SpendingCategory: Hashable, Sendable, Comparable {
    case named(String)
    case uncategorised
    case taxesAndOther

    public var title: String {
        switch self {
        case .named(let name): name
        case .uncategorised: tr("Uncategorised")
        case .taxesAndOther: tr("Taxes and other")
        }
    }

    /// The category name to filter receipts by; nil for the synthetic ones.
    public var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }

    /// A stable text key, for chart parts and routes.
    public var key: String {
        switch self {
        case .named(let name): "category:" + name
        case .uncategorised: "uncategorised"
        case .taxesAndOther: "taxes-and-other"
        }
    }

    public init?(key: String) {
        switch key {
        case "uncategorised": self = .uncategorised
        case "taxes-and-other": self = .taxesAndOther
        default:
            guard key.hasPrefix("category:") else { return nil }
            self = .named(String(key.dropFirst("category:".count)))
        }
    }

    public static func < (lhs: SpendingCategory, rhs: SpendingCategory) -> Bool {
        switch (lhs, rhs) {
        case let (.named(a), .named(b)): a.localizedStandardCompare(b) == .orderedAscending
        case (.named, _): true
        case (.uncategorised, .taxesAndOther): true
        default: false
        }
    }
}
