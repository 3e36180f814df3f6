import PlutaryCore

/// Which receipts to list when a part of a chart is clicked: a span of days,
/// and optionally one category (the receipts with items in it).
public struct ReceiptFilter: Hashable, Sendable {
    public let range: DayRange
    /// A category name; nil for every category (or for the synthetic "taxes and other").
    public let category: String?
    /// Set when the part clicked was the uncategorised one.
    public let uncategorisedOnly: Bool
    /// What the receipts list can show as the filter's name ("Groceries, March 2026").
    public let title: String

    public init(range: DayRange, category: String? = nil, uncategorisedOnly: Bool = false, title: String) {
        self.range = range
        self.category = category
        self.uncategorisedOnly = uncategorisedOnly
        self.title = title
    }
}
