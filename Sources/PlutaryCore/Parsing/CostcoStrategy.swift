import Foundation

/// Costco Wholesale: item number + description + price + tax flag rows, instant
/// savings ("TPD/1234567 3.00-") under the item they reduce, month-first dates.
public struct CostcoStrategy: ReceiptParserStrategy {
    public let name = "costco"
    let profile = StrategyProfile(name: "costco", merchants: [.costco], dateOrder: .monthFirst)

    public init() {}

    public func detectionScore(_ text: ReceiptText) -> Double {
        let score = profile.detectionScore(text)
        // "WHOLESALE" with member numbers is Costco even when the logo OCR fails.
        if score == 0, text.header().contains("WHOLESALE"), text.upperText.contains("MEMBER") { return 0.6 }
        return score
    }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
