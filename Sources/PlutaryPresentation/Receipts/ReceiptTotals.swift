import PlutaryCore

/// The sums under the receipts list, per currency and in the primary currency;
/// computed with the rows, off the main actor (100 000 rows take tens of milliseconds).
struct ReceiptTotals: Sendable {
    var perCurrency: [Money] = []
    /// Nil without a primary currency (no rates).
    var converted: Money?
    var withoutRate = 0

    init() {}

    init(rows: [ReceiptRow], primaryCurrency: String?) {
        var sums: [String: Money] = [:]
        for case let total? in rows.lazy.map(\.summary.total) {
            sums[total.currency] = (sums[total.currency] ?? Money(minorUnits: 0, currency: total.currency)) + total
        }
        perCurrency = sums.values.sorted { $0.currency < $1.currency }
        guard let primaryCurrency else { return }
        converted = rows.lazy.compactMap(\.convertedTotal).reduce(Money(minorUnits: 0, currency: primaryCurrency), +)
        withoutRate = rows.lazy.filter { $0.summary.total != nil && $0.convertedTotal == nil }.count
    }
}
