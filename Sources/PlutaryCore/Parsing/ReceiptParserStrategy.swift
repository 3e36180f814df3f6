import Foundation

/// One merchant family's way of reading a receipt. Strategies share the common
/// extraction machinery (`ReceiptAnalyzer`) and differ only in their `StrategyProfile`.
public protocol ReceiptParserStrategy: Sendable {
    /// Stable identifier: "costco", "walmart", "tnt", "nofrills", "generic".
    var name: String { get }
    /// How sure the strategy is (0...1) that the receipt comes from its merchant family,
    /// judged from the header text.
    func detectionScore(_ text: ReceiptText) -> Double
    /// Candidates for every field; `ReceiptParser` resolves them with the receipt's arithmetic.
    func parse(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt
}
