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
        kind = SummaryLineClassifier.classify(label)
    }
}
