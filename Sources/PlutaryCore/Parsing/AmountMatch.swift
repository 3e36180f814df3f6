import Foundation

/// A money amount found in a line: its signed value and where it sits (UTF-16 offsets).
struct AmountMatch: Hashable, Sendable {
    let value: Decimal
    let location: Int
    let length: Int
    /// Characters after the amount, e.g. the tax flag in "4.97 J" or "1,79 A".
    let trailing: String

    var end: Int { location + length }
}
