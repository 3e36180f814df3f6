import PlutaryCore

/// A field the analysis service read differently from what the receipt holds:
/// the review screen shows both and lets the person take the service's value.
public struct RemoteDifference: Hashable, Sendable {
    public let field: ReceiptField
    /// The receipt's value as it is now ("" when empty).
    public let yours: String
    /// The service's value, as it would be filled in.
    public let theirs: String

    public init(field: ReceiptField, yours: String, theirs: String, currencies: (yours: String, theirs: String)? = nil) {
        self.field = field
        self.yours = yours
        self.theirs = theirs
        self.currencies = currencies
    }

    /// An amount's currency on each side, when they differ, so neither is taken for the other.
    public var currencies: (yours: String, theirs: String)?

    public static func == (a: RemoteDifference, b: RemoteDifference) -> Bool {
        a.field == b.field && a.yours == b.yours && a.theirs == b.theirs && a.currencies?.yours == b.currencies?.yours
            && a.currencies?.theirs == b.currencies?.theirs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(field); hasher.combine(yours); hasher.combine(theirs)
    }

    /// "7.63 CAD" when the currencies differ, else the value as it is.
    public var yoursShown: String { currencies.map { "\(yours) \($0.yours)" } ?? yours }
    public var theirsShown: String { currencies.map { "\(theirs) \($0.theirs)" } ?? theirs }
}
