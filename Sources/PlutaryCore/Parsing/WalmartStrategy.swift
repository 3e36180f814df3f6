import Foundation

/// Walmart (Canada): description, 12-digit UPC, price, tax code (J = HST, D = zero-rated).
public struct WalmartStrategy: ReceiptParserStrategy {
    public let name = "walmart"
    let profile = StrategyProfile(name: "walmart", merchants: [.walmart], taxFlags: ["J": "HST", "D": "ZERO"], dateOrder: .monthFirst)

    public init() {}

    public func detectionScore(_ text: ReceiptText) -> Double {
        let score = profile.detectionScore(text)
        if score == 0, LineLabel(text.upperText).has("SAVE MONEY LIVE BETTER") { return 0.7 }
        return score
    }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
