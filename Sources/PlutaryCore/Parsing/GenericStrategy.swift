import Foundation

/// Any other receipt: the shared rules only (comma decimals, SUMME / zu zahlen, GST /
/// HST / PST / QST / VAT / SST, trailing-minus discounts, weighed and multi-buy items).
public struct GenericStrategy: ReceiptParserStrategy {
    public let name = "generic"
    let profile = StrategyProfile(name: "generic")

    public init() {}

    /// Low and constant: the fallback when no merchant family claims the receipt.
    public func detectionScore(_ text: ReceiptText) -> Double { 0.1 }

    public func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        ReceiptAnalyzer(profile: profile).analyze(text, hints: hints)
    }
}
