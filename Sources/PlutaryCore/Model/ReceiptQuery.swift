/// Which receipts a list shows: a full-text search, and optionally a span of
/// days and a category (receipts filed under it or with items in it).
public struct ReceiptQuery: Hashable, Sendable {
    public var search: String?
    public var range: DayRange?
    public var category: String?
    /// Receipts with no category, or with items that have none.
    public var uncategorisedOnly: Bool
    /// At most this many, the newest: the first screenful.
    public var limit: Int?

    public init(search: String? = nil, range: DayRange? = nil, category: String? = nil, uncategorisedOnly: Bool = false,
                limit: Int? = nil) {
        self.limit = limit
        self.search = search
        self.range = range
        self.category = category
        self.uncategorisedOnly = uncategorisedOnly
    }
}
