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
