import Foundation

/// Parses OCR text into the sync payload: the strategy whose merchant family the
/// header names best reads candidates; `ReceiptResolver` decides with the receipt's arithmetic.
public struct ReceiptParser: Sendable {
    public static let defaultStrategies: [any ReceiptParserStrategy] = [
        CostcoStrategy(), WalmartStrategy(), TNTStrategy(), NoFrillsStrategy(), GenericStrategy(),
    ]

    public let strategies: [any ReceiptParserStrategy]

    public init(strategies: [any ReceiptParserStrategy] = ReceiptParser.defaultStrategies) {
        self.strategies = strategies
    }

    /// The strategy that claims the receipt most strongly; generic when none scores above it.
    public func strategy(for text: ReceiptText) -> any ReceiptParserStrategy {
        var best: (any ReceiptParserStrategy)?
        var bestScore = -1.0
        for strategy in strategies {
            let score = strategy.detectionScore(text)
            if score > bestScore { best = strategy; bestScore = score }
        }
        return best ?? GenericStrategy()
    }

    /// The scored candidates of every field chosen by `ScoringWeights`, values as plain
    /// strings; for fitting the weights (`plutary parse --candidates`).
    public func candidates(ocrText: String, hints: ParseHints = ParseHints()) -> [String: [FieldCandidate<String>]] {
        let text = ReceiptText(ocrText)
        let parsed = strategy(for: text).parse(text, hints: hints)
        let resolver = ReceiptResolver()
        let itemsNet = parsed.items.reduce(Decimal(0)) { $0 + $1.total }
        func plain(_ candidates: [FieldCandidate<Decimal>]) -> [FieldCandidate<String>] {
            candidates.map { candidate in
                FieldCandidate(value: "\(candidate.value)", confidence: candidate.confidence, lineIndex: candidate.lineIndex,
                               reason: candidate.reason, features: candidate.features)
            }
        }
        return ["total": plain(resolver.totalCandidates(parsed)), "subtotal": plain(resolver.subtotalCandidates(parsed, itemsNet: itemsNet)),
                "tax": plain(resolver.taxCandidates(parsed)), "date": resolver.dateCandidates(parsed),
                "merchant": resolver.merchantCandidates(parsed)]
    }

    public func parse(ocrText: String, hints: ParseHints = ParseHints()) -> ReceiptPayload {
        let text = ReceiptText(ocrText)
        let parsed = strategy(for: text).parse(text, hints: hints)
        return ReceiptResolver().resolve(parsed, ocrText: ocrText, hints: hints)
    }
}
