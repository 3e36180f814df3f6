import Foundation

/// No Frills and Food Basics: abbreviated descriptions, `H` flag for HST, weighed
/// items and multi-buy ("MR") savings lines under the item.
public struct NoFrillsStrategy: ReceiptParserStrategy {
    public let name = "nofrills"
    let profile = StrategyProfile(name: "nofrills", merchants: [.noFrills, .foodBasics], taxFlags: ["H": "HST"], dateOrder: .monthFirst)

    public init() {}

    public func detectionScore(_ text: ReceiptText) -> Double {
        profile.detectionScore(text)
    }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
