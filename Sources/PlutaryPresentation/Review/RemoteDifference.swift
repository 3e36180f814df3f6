import PlutaryCore

/// A field the analysis service read differently from what the receipt holds:
/// the review screen shows both and lets the person take the service's value.
public struct RemoteDifference: Hashable, Sendable {
    public let field: ReceiptField
    /// The receipt's value as it is now ("" when empty).
    public let yours: String
    /// The service's value, as it would be filled in.
    public let theirs: String
    /// An amount's currency on each side, set only when they differ, so neither is taken for the other.
    public let yoursCurrency: String?
    public let theirsCurrency: String?

    public init(field: ReceiptField, yours: String, theirs: String, yoursCurrency: String? = nil, theirsCurrency: String? = nil) {
        self.field = field
        self.yours = yours
        self.theirs = theirs
        self.yoursCurrency = yoursCurrency
        self.theirsCurrency = theirsCurrency
    }

    /// "7.63 CAD" when the currencies differ, else the value as it is.
    public var yoursShown: String { yoursCurrency.map { "\(yours) \($0)" } ?? yours }
    public var theirsShown: String { theirsCurrency.map { "\(theirs) \($0)" } ?? theirs }
}
