import Foundation

/// What the summary reader and the item reader both need of a line, read once per parse:
/// its amounts, the label before the first one, and the summary kind that label names.
struct LineFacts: Sendable {
    let amounts: [AmountMatch]
    let label: LineLabel
    /// Nil for a line the receipt's arithmetic showed to be an item despite its words.
    var kind: SummaryLineKind?

    /// - Parameter lineLabel: the whole line's label (`ReceiptText.labels`), which is the label
    ///   of a line without amounts.
    init(_ line: String, lineLabel: LineLabel) {
        amounts = AmountScanner.amounts(in: line)
        label = amounts.isEmpty ? lineLabel : LineLabel(AmountScanner.label(of: line, before: amounts.first))
        // A row led by an article number is a product's, whatever its name says ("004902430667 COLGATE TOTAL 150G").
        kind = Self.startsWithArticleNumber(line) ? nil : SummaryLineClassifier.classify(label)
        // Change carries no tax flag: a row ending in a price and its flag names a product ("Zurück z. Ursprung Butter  299 B").
        if case .change = kind, Self.endsInFlaggedPrice(line) { kind = nil }
    }

    /// Whether the line ends in digits, a space and one capital letter ("2,99 B", "299 B").
    static func endsInFlaggedPrice(_ line: String) -> Bool {
        let bytes = Array(line.utf8.reversed().drop { $0 == UInt8(ascii: " ") })
        guard bytes.count >= 3, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0]), bytes[1] == UInt8(ascii: " ") else { return false }
        return bytes.dropFirst(1).drop { $0 == UInt8(ascii: " ") }.first?.isASCIIDigit ?? false
    }

    /// Eight digits or more, then a space and a letter: an EAN or UPC before a product's name. No summary line starts so.
    static func startsWithArticleNumber(_ line: String) -> Bool {
        var bytes = line.utf8.drop { $0 == UInt8(ascii: " ") }
        let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        guard digits >= 8 else { return false }
        bytes = bytes.dropFirst(digits)
        guard bytes.first == UInt8(ascii: " ") else { return false }
        return bytes.drop { $0 == UInt8(ascii: " ") }.first?.isASCIILetter ?? false
    }
}
