/// Which receipts an export takes: everything, the list's current search, the
/// selected receipts, a date range, or a combination (all conditions apply).
public struct ExportScope: Sendable, Equatable {
    /// What the receipts list's search field holds; matched through the same full-text index.
    public var search: String?
    /// Explicit receipt ids (the selection); nil for no restriction.
    public var receiptIds: [String]?
    /// First and last purchase day included, ISO "2026-03-14".
    public var since: String?
    public var until: String?
    /// A clicked chart category: on the receipt or any of its items.
    public var category: String?
    /// The chart's "uncategorised" part.
    public var uncategorisedOnly: Bool

    public init(search: String? = nil, receiptIds: [String]? = nil, since: String? = nil, until: String? = nil,
                category: String? = nil, uncategorisedOnly: Bool = false) {
        self.search = search
        self.receiptIds = receiptIds
        self.since = since
        self.until = until
        self.category = category
        self.uncategorisedOnly = uncategorisedOnly
    }

    public static let everything = ExportScope()

    public var isEverything: Bool {
        SearchQuery.fts(search ?? "") == nil && receiptIds == nil && since == nil && until == nil
            && category == nil && !uncategorisedOnly
    }
}
