/// What one part of a reset did: how much it removed, or why it failed.
public struct ResetOutcome: Sendable, Equatable {
    public let category: ResetCategory
    public let removed: Int
    public let error: String?

    public init(category: ResetCategory, removed: Int, error: String? = nil) {
        self.category = category
        self.removed = removed
        self.error = error
    }

    public var succeeded: Bool { error == nil }
}
