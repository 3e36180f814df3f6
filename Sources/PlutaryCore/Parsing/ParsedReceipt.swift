import Foundation

/// What a strategy read from a receipt: candidates per field, not decisions.
/// `ReceiptResolver` picks among them using the receipt's own arithmetic.
public struct ParsedReceipt: Sendable {
    public var strategy: String
    public var merchants: [FieldCandidate<String>] = []
    /// ISO dates "YYYY-MM-DD".
    public var dates: [FieldCandidate<String>] = []
    /// ISO 4217 codes.
    public var currencies: [FieldCandidate<String>] = []
    public var totals: [FieldCandidate<Decimal>] = []
    public var subtotals: [FieldCandidate<Decimal>] = []
    /// "TOTAL TAX" / "TOTAL GST" lines, when printed.
    public var taxTotals: [FieldCandidate<Decimal>] = []
    public var taxes: [ParsedTax] = []
    /// Tax lines below the subtotal whose amount OCR garbled ("HST 13%   2531", "Tax   SELL").
    public var unreadTaxLines = 0
    public var tips: [FieldCandidate<Decimal>] = []
    /// Amounts handed over (cash, card), before change.
    public var tenders: [FieldCandidate<Decimal>] = []
    public var changes: [FieldCandidate<Decimal>] = []
    /// Cash rounding adjustments ("ROUNDING ADJ -0.02").
    public var roundings: [FieldCandidate<Decimal>] = []
    /// Receipt-level savings not attached to an item ("TOTAL SAVINGS"); informative only.
    public var savings: [FieldCandidate<Decimal>] = []
    public var paymentMethods: [FieldCandidate<String>] = []
    public var items: [ParsedLineItem] = []
    /// Rows priced from bare digits alone (`PriceSource.unconfirmed`), apart from `items` until the
    /// receipt's arithmetic takes them (`ReceiptResolver`).
    public var unconfirmedItems: [ParsedLineItem] = []
    /// Every amount printed on the receipt, so derived totals can be checked against the paper.
    public var printedAmounts: Set<Decimal> = []
    /// How many lines print each amount: a total is often printed twice (TOTAL, then CASH or CARD).
    public var printedCounts: [Decimal: Int] = [:]
    public var lineCount = 0
    /// Index of the first tender or change line.
    public var firstPaymentLine: Int?
    /// True when prices include tax (European VAT): subtotal + tax need not equal total.
    public var taxIncludedInPrices = false

    public init(strategy: String) {
        self.strategy = strategy
    }
}
