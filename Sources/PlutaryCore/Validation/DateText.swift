/// Reads a date out of a few words, as the parser reads one out of a receipt
/// line: "19/10/2018 23:49" gives 2018-10-19.
public enum DateText {
    public static func iso(in text: String, order: DateOrder = .dayFirst) -> String? {
        DateExtractor.candidates(in: ReceiptText(text), preferredOrder: order).max { $0.confidence < $1.confidence }?.value
    }
}
