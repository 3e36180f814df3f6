import Foundation

/// T&T Supermarket: mixed Chinese/English descriptions ("白菜 Bok Choy") kept whole,
/// price anchored at the right, weighed produce on the next line.
public struct TNTStrategy: ReceiptParserStrategy {
    public let name = "tnt"
    let profile = StrategyProfile(name: "tnt", merchants: [.tnt])

    public init() {}

    public func detectionScore(_ text: ReceiptText) -> Double {
        profile.detectionScore(text)
    }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
