/// Where a line item's price comes from.
public enum PriceSource: Hashable, Sendable {
    /// Read from the receipt.
    case printed
    /// The row is clearly an item but OCR lost its price: `total` is 0 and the person is warned to fill it in.
    case unreadable
    /// OCR lost it and the receipt's arithmetic gave it (`ReceiptResolver`): the person is asked to check it.
    case inferred
}
