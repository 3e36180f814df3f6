/// Where a line item's price comes from.
public enum PriceSource: Hashable, Sendable {
    /// Read from the receipt.
    case printed
    /// Read from bare digits whose decimal point OCR lost ("196" for 1,96): a guess, dropped
    /// (`unreadable`) when it is more than the whole receipt's total.
    case undotted
    /// The row is clearly an item but OCR lost its price: `total` is 0 and the person is warned to fill it in.
    case unreadable
    /// OCR lost it and the receipt's arithmetic gave it (`ReceiptResolver`): the person is asked to check it.
    case inferred
    /// Bare digits ending a row with neither a column gap nor a tax flag ("SPREMUTA ARANCIA 300"): the
    /// row is an item (`undotted`) only when the items then add up to the receipt, which they do not without it.
    case unconfirmed
}
