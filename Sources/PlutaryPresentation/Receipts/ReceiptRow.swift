import Foundation
import PlutaryCore

/// A receipt as the list shows it: already formatted for the person's locale.
public struct ReceiptRow: Hashable, Sendable, Identifiable {
    public let id: String
    public let date: String
    public let merchant: String
    public let category: String
    public let itemCount: String
    public let total: String
    /// The total in the primary currency at the rate of the receipt's day, "no rate" when none is known.
    public let converted: String
    /// The converted total, for the footer's sum; nil without a rate.
    public let convertedTotal: Money?
    public let summary: ReceiptSummary

    public init(summary: ReceiptSummary, days: DayFormatter, money: MoneyFormatter,
                converter: CurrencyConverter? = nil, primaryCurrency: String? = nil) {
        self.summary = summary
        id = summary.id
        date = days.string(fromISO: summary.purchaseDate)
        merchant = summary.merchantName ?? tr("Unknown merchant")
        category = summary.category ?? ""
        itemCount = String(summary.itemCount)
        total = summary.total.map(money.string(from:)) ?? "—"
        if let amount = summary.total, let primaryCurrency {
            // Without a date, the latest known rate.
            let day = summary.purchaseDate ?? "9999-12-31"
            convertedTotal = amount.currency == primaryCurrency ? amount
                : converter?.convert(amount, to: primaryCurrency, on: day)
            converted = convertedTotal.map(money.string(from:)) ?? tr("no rate")
        } else {
            convertedTotal = nil
            converted = ""
        }
    }
}
