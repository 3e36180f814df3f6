import PlutaryCore

/// One reset category as Settings → Data shows it: a checkbox with the count it will remove.
public struct ResetChoice: Equatable, Sendable, Identifiable {
    public let category: ResetCategory
    public let title: String
    /// "51 receipts", or why the count is unknown.
    public let detail: String
    public let isSelected: Bool
    /// False while "Everything" is chosen: it includes this one.
    public let isEnabled: Bool

    public var id: ResetCategory { category }
}
