import Foundation

/// Walmart (Canada): description, 12-digit UPC, price, tax code (J = HST, D = zero-rated).
public struct WalmartStrategy: ReceiptParserStrategy {
    public let name = "walmart"
    let profile = StrategyProfile(name: "walmart", merchants: [.walmart], taxFlags: ["J": "HST", "D": "ZERO"], dateOrder: .monthFirst)

    public init() {}

    public func detectionScore(_ text: ReceiptText) -> Double {
        let score = profile.detectionScore(text)
        if score == 0, mayHoldSlogan(text), LineLabel(text.upperText).has(Self.slogan) { return 0.7 }
        return score
    }

    private static let slogan: KeywordPhrase = "SAVE MONEY LIVE BETTER"

    /// The slogan's four-letter words are matched exactly, so a text holds it only if its words run
    /// together hold both; most texts do not, and labelling a whole text costs.
    private func mayHoldSlogan(_ text: ReceiptText) -> Bool {
        let compact = text.labels.map(\.compact).joined()
        return compact.contains("SAVE") && compact.contains("LIVE")
    }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
