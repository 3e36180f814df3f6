/// How a CSV export is written: which table, which field delimiter, which
/// decimal separator (a semicolon delimiter with comma decimals is what
/// spreadsheets expect in locales that write 12,50).
public struct CSVOptions: Sendable, Equatable {
    public enum Table: String, Sendable, CaseIterable {
        /// One row per receipt.
        case receipts
        /// One row per line item, with its receipt's id, date and merchant.
        case lineItems = "items"
    }

    public enum Delimiter: String, Sendable, CaseIterable {
        case comma = ","
        case semicolon = ";"
        case tab = "\t"
    }

    public enum DecimalSeparator: String, Sendable, CaseIterable {
        case point = "."
        case comma = ","
    }

    public var table: Table
    public var delimiter: Delimiter
    public var decimalSeparator: DecimalSeparator
    /// Text cells a spreadsheet would run as a formula (a merchant named
    /// "=HYPERLINK(…)") are written with a leading apostrophe; off for the raw text.
    public var neutralisesFormulas: Bool

    public init(table: Table = .receipts, delimiter: Delimiter = .comma, decimalSeparator: DecimalSeparator = .point,
                neutralisesFormulas: Bool = true) {
        self.table = table
        self.delimiter = delimiter
        self.decimalSeparator = decimalSeparator
        self.neutralisesFormulas = neutralisesFormulas
    }
}
