import PlutaryCore

/// One month's spending in one currency, formatted.
public struct MonthRow: Hashable, Sendable {
    public let month: String
    public let total: String
    public let receipts: String
    public let source: MonthlyTotal

    public init(total: MonthlyTotal, days: DayFormatter, money: MoneyFormatter) {
        source = total
        month = days.monthString(fromKey: total.month)
        self.total = money.string(from: total.total)
        receipts = String(format: trn("%d receipt", "%d receipts", total.receiptCount), total.receiptCount)
    }
}
