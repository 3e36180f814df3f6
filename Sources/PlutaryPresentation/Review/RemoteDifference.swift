import PlutaryCore

/// A field the analysis service read differently from what the receipt holds:
/// the review screen shows both and lets the person take the service's value.
public struct RemoteDifference: Hashable, Sendable {
    public let field: ReceiptField
    /// The receipt's value as it is now ("" when empty).
    public let yours: String
    /// The service's value, as it would be filled in.
    public let theirs: String
}
