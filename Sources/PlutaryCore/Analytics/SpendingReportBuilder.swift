import Foundation

/// Folds the report queries' grouped rows into a `SpendingReport`. Amounts are
/// grouped by day and currency before conversion, so each group is converted
/// once at its day's rate.
struct SpendingReportBuilder {
    private struct DayCurrency: Hashable {
        let day: String
        let currency: String
    }

    private struct Group {
        var total: Int64 = 0
        var count = 0
        var items: [Int64?: Int64] = [:]
        var merchants: [Int64?: (total: Int64, count: Int)] = [:]
    }

    let primary: String
    let converter: CurrencyConverter
    private var groups: [DayCurrency: Group] = [:]

    init(primary: String, converter: CurrencyConverter) {
        self.primary = primary
        self.converter = converter
    }

    mutating func addReceipts(day: String, currency: String, merchantId: Int64?, total: Int64, count: Int) {
        let key = DayCurrency(day: day, currency: currency)
        groups[key, default: Group()].total = Money.sum(groups[key]?.total ?? 0, total)
        groups[key]!.count += count
        let previous = groups[key]!.merchants[merchantId] ?? (0, 0)
        groups[key]!.merchants[merchantId] = (Money.sum(previous.total, total), previous.count + count)
    }

    mutating func addItems(day: String, currency: String, categoryId: Int64?, total: Int64) {
        let key = DayCurrency(day: day, currency: currency)
        groups[key, default: Group()].items[categoryId] = Money.sum(groups[key]?.items[categoryId] ?? 0, total)
    }

    /// First to last receipt day, for "all time".
    var coveredRange: DayRange? {
        guard let first = groups.keys.map(\.day).min(), let last = groups.keys.map(\.day).max() else { return nil }
        return DayRange(start: first, end: last)
    }

    func report(period: AnalyticsPeriod, range: DayRange?, categoryNames: [Int64: String], merchantNames: [Int64: String],
                priceIncreases: [PriceChange], inflation: [CategoryInflation]) -> SpendingReport {
        var byMonth: [String: [SpendingCategory: Int64]] = [:]
        var receiptsByMonth: [String: Int] = [:]
        var byCategory: [SpendingCategory: Int64] = [:]
        var byMerchant: [String: (total: Int64, count: Int)] = [:]
        var perCurrency: [String: (total: Int64, count: Int, converted: Int64, missing: Int64)] = [:]
        var rates: [DayCurrency: Decimal?] = [:]
        var receiptCount = 0

        for (key, group) in groups {
            receiptCount += group.count
            var currency = perCurrency[key.currency] ?? (0, 0, 0, 0)
            currency.total = Money.sum(currency.total, group.total)
            currency.count += group.count
            let rate: Decimal?
            if let cached = rates[key] { rate = cached } else {
                rate = converter.rate(from: key.currency, to: primary, on: key.day)
                rates[key] = rate
            }
            guard let rate else {
                currency.missing = Money.sum(currency.missing, group.total)
                perCurrency[key.currency] = currency
                continue
            }
            let exponent = Currency.exponent(of: key.currency)
            func convert(_ minor: Int64) -> Int64 {
                key.currency == primary ? minor : (CurrencyConverter.apply(rate, to: minor, from: exponent, to: primary)?.minorUnits ?? 0)
            }
            let month = String(key.day.prefix(7))
            receiptsByMonth[month, default: 0] += group.count
            for (category, amount) in parts(of: group, names: categoryNames) {
                let converted = convert(amount)
                byMonth[month, default: [:]][category] = Money.sum(byMonth[month]?[category] ?? 0, converted)
                byCategory[category] = Money.sum(byCategory[category] ?? 0, converted)
                currency.converted = Money.sum(currency.converted, converted)
            }
            for (merchantId, spent) in group.merchants {
                let name = merchantId.flatMap { merchantNames[$0] } ?? tr("Unknown merchant")
                let previous = byMerchant[name] ?? (0, 0)
                byMerchant[name] = (Money.sum(previous.total, convert(spent.total)), previous.count + spent.count)
            }
            perCurrency[key.currency] = currency
        }

        let total = byCategory.values.reduce(0, Money.sum)
        // Named categories largest first; the catch-alls after them, so legends read well.
        let order = byCategory.sorted { a, b in
            let rankA = a.key.name == nil ? 1 : 0, rankB = b.key.name == nil ? 1 : 0
            if rankA != rankB { return rankA < rankB }
            return (a.value, b.key) > (b.value, a.key)
        }.map(\.key)
        let months = (range?.months ?? []).map { month in
            MonthSpending(month: month,
                          parts: order.compactMap { category in byMonth[month]?[category].map { CategoryAmount(category: category, minorUnits: $0) } },
                          receiptCount: receiptsByMonth[month] ?? 0)
        }
        let categories = order.map { category in
            CategorySpending(category: category, amount: Money(minorUnits: byCategory[category]!, currency: primary),
                             share: total == 0 ? 0 : Double(byCategory[category]!) / Double(total))
        }
        let currencyTotals = perCurrency.sorted { $0.key < $1.key }.map { code, sums in
            CurrencyTotal(amount: Money(minorUnits: sums.total, currency: code), receiptCount: sums.count,
                          converted: sums.missing == 0 ? Money(minorUnits: sums.converted, currency: primary) : nil,
                          unconverted: sums.missing == 0 ? nil : Money(minorUnits: sums.missing, currency: code))
        }
        let merchants = byMerchant.sorted { ($0.value.total, $1.key) > ($1.value.total, $0.key) }.prefix(10).map {
            MerchantSpending(name: $0.key, amount: Money(minorUnits: $0.value.total, currency: primary), receiptCount: $0.value.count)
        }
        return SpendingReport(period: period, range: range, primaryCurrency: primary, months: months, categories: categories,
                              currencyTotals: currencyTotals, total: Money(minorUnits: total, currency: primary),
                              topMerchants: Array(merchants), priceIncreases: priceIncreases, inflation: inflation,
                              receiptCount: receiptCount)
    }

    /// A day's spending by category: its line items, and what of the receipts'
    /// totals is not in them (taxes, tips) under "taxes and other". When items add
    /// up to more than the totals (discounts), they are scaled down to the totals.
    private func parts(of group: Group, names: [Int64: String]) -> [(SpendingCategory, Int64)] {
        var parts: [SpendingCategory: Int64] = [:]
        for (id, amount) in group.items {
            let category = id.flatMap { names[$0] }.map(SpendingCategory.named) ?? .uncategorised
            parts[category] = Money.sum(parts[category] ?? 0, amount)
        }
        let items = parts.values.reduce(0, Money.sum)
        let rest = Money.sum(group.total, -items)
        if rest > 0 {
            parts[.taxesAndOther] = rest
        } else if rest < 0, items > 0 {
            var scaled = parts.mapValues { Money.scaled($0, by: group.total, over: items) }
            // Rounding leftovers go to the largest part, so the day still adds up.
            if let largest = scaled.max(by: { $0.value < $1.value })?.key {
                scaled[largest] = Money.sum(scaled[largest]!, Money.sum(group.total, -scaled.values.reduce(0, Money.sum)))
            }
            parts = scaled
        }
        return parts.filter { $0.value != 0 }.map { ($0.key, $0.value) }
    }
}
