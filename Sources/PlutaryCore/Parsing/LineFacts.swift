import Foundation

/// What the summary reader and the item reader both need of a line, read once per parse:
/// its amounts, the label before the first one, and the summary kind that label names.
struct LineFacts: Sendable {
    let amounts: [AmountMatch]
    let label: LineLabel
    let kind: SummaryLineKind?

    init(_ line: String) {
        amounts = AmountScanner.amounts(in: line)
        label = LineLabel(AmountScanner.label(of: line, before: amounts.first))
        kind = SummaryLineClassifier.classify(label)
    }
}
