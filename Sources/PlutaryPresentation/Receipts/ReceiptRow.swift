import PlutaryCore

/// A receipt as the list shows it: already formatted for the person's locale.
public struct ReceiptRow: Hashable, Sendable, Identifiable {
    public let id: String
    public let date: String
    public let merchant: String
    public let category: String
    public let itemCount: String
    public let total: String
    public let summary: ReceiptSummary

    public init(summary: ReceiptSummary, days: DayFormatter, money: MoneyFormatter) {
        self.summary = summary
        id = summary.id
        date = days.string(fromISO: summary.purchaseDate)
        merchant = summary.merchantName ?? tr("Unknown merchant")
        category = summary.category ?? ""
        itemCount = String(summary.itemCount)
        total = summary.total.map(money.string(from:)) ?? "—"
    }
}
