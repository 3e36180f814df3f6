import Foundation
import Observation
import PlutaryCore

/// The Analytics screen: a period's spending in the primary currency (monthly
/// stacks, categories, merchants), totals per currency with what could not be
/// converted, and price increases. Reports are computed off the main actor.
@MainActor
@Observable
public final class AnalyticsViewModel {
    public let periods: [AnalyticsPeriod] = AnalyticsPeriod.presets + [.custom(DayRange(start: "", end: ""))]
    public private(set) var period: AnalyticsPeriod = .last12Months
    public private(set) var report: SpendingReport?
    public private(set) var months: [MonthRow] = []
    public private(set) var currencyTotals: [String] = []
    public private(set) var currencyRows: [CurrencyTotalRow] = []
    public private(set) var merchantRows: [MerchantRow] = []
    public private(set) var increaseRows: [PriceIncreaseRow] = []
    public private(set) var inflationRows: [InflationRow] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false
    public private(set) var isLoading = false

    @ObservationIgnored public var onRoute: (AnalyticsRoute) -> Void = { _ in }

    private let spending: any SpendingReporting
    private let preferences: (any PreferenceStore)?
    private let today: @Sendable () -> Date
    public let locale: Locale
    private let days: DayFormatter
    private let money: MoneyFormatter
    private let percent: PercentChangeFormatter
    @ObservationIgnored private let loads = LatestLoad()

    public init(spending: any SpendingReporting, preferences: (any PreferenceStore)? = nil, locale: Locale = .preferred,
                today: @escaping @Sendable () -> Date = { Date() }) {
        self.spending = spending
        self.preferences = preferences
        self.today = today
        self.locale = locale
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
        self.percent = PercentChangeFormatter(locale: locale)
    }

    public var primaryCurrency: String {
        let code = preferences?.string(.primaryCurrency) ?? ""
        return code.isEmpty ? "CAD" : code
    }

    public var isEmpty: Bool { isLoaded && (report?.isEmpty ?? true) && errorMessage == nil }
    public var emptyTitle: String { tr("Nothing to analyse yet") }

    public var periodIndex: Int {
        if case .custom = period { return periods.count - 1 }
        return periods.firstIndex(of: period) ?? 0
    }

    /// "CA$1,234.56 spent over 48 receipts".
    public var summaryText: String {
        guard let report else { return "" }
        return String(format: trn("%@ spent over %d receipt", "%@ spent over %d receipts", report.receiptCount),
                      money.string(from: report.total), report.receiptCount)
    }

    /// Set when some spending had no exchange rate into the primary currency.
    public var missingRatesText: String? {
        guard let report, !report.unconverted.isEmpty else { return nil }
        let amounts = report.unconverted.map(money.string(from:)).joined(separator: ", ")
        return String(format: tr("Not included for want of an exchange rate to %@: %@. Add rates in Settings."),
                      report.primaryCurrency, amounts)
    }

    /// Starts loading the report for the current period; `reload()` awaits it.
    public func load() {
        let spending = self.spending, period = self.period, currency = primaryCurrency, now = today()
        isLoading = true
        loads.start({ try await spending.report(period: period, primaryCurrency: currency, today: now) }) { [weak self] result in
            guard let self else { return }
            isLoading = false
            isLoaded = true
            switch result {
            case .success(let report): show(report)
            case .failure(let error):
                show(nil)
                errorMessage = String(format: tr("Could not compute spending: %@"), error.localizedDescription)
            }
        }
    }

    /// Loads and returns once the newest load has finished (loads started meanwhile included).
    public func reload() async {
        load()
        await loads.finish()
    }

    public func select(_ period: AnalyticsPeriod) {
        guard period != self.period else { return }
        self.period = period
        load()
    }

    /// A custom period from two ISO days; false when they are not valid days.
    @discardableResult
    public func selectCustom(from start: String, to end: String) -> Bool {
        let start = start.trimmingCharacters(in: .whitespaces), end = end.trimmingCharacters(in: .whitespaces)
        guard MonthKey.isDay(start), MonthKey.isDay(end) else {
            errorMessage = tr("Enter both days as YYYY-MM-DD.")
            return false
        }
        errorMessage = nil
        select(.custom(DayRange(start: start, end: end)))
        return true
    }

    /// A bar (a month) or one category's part of it was clicked.
    public func selectMonth(_ month: String, categoryKey: String?) {
        guard let range = report?.range else { return }
        let whole = DayRange.months(month, month)
        let days = DayRange(start: max(whole.start, range.start), end: min(whole.end, range.end))
        let monthTitle = self.days.monthString(fromKey: month)
        route(range: days, categoryKey: categoryKey, periodTitle: monthTitle)
    }

    /// A donut slice (a category over the whole period) was clicked.
    public func selectCategory(_ key: String) {
        guard let range = report?.range else { return }
        route(range: range, categoryKey: key, periodTitle: period.title)
    }

    private func route(range: DayRange, categoryKey: String?, periodTitle: String) {
        let category = categoryKey.flatMap(SpendingCategory.init(key:))
        let title = category.map { "\($0.title), \(periodTitle)" } ?? periodTitle
        onRoute(.showReceipts(ReceiptFilter(range: range, category: category?.name,
                                            uncategorisedOnly: category == .uncategorised, title: title)))
    }

    private func show(_ report: SpendingReport?) {
        self.report = report
        errorMessage = nil
        guard let report else {
            months = []; currencyTotals = []; currencyRows = []; merchantRows = []; increaseRows = []; inflationRows = []
            return
        }
        months = report.months.reversed().filter { $0.total > 0 }.map {
            MonthRow(total: MonthlyTotal(month: $0.month, total: Money(minorUnits: $0.total, currency: report.primaryCurrency),
                                         receiptCount: $0.receiptCount), days: days, money: money)
        }
        currencyTotals = report.currencyTotals.map { money.string(from: $0.amount) }
        currencyRows = report.currencyTotals.map { total in
            CurrencyTotalRow(
                currency: total.amount.currency, spent: money.string(from: total.amount),
                converted: total.amount.currency == report.primaryCurrency ? ""
                    : total.converted.map(money.string(from:)) ?? tr("no exchange rate"),
                receipts: String(format: trn("%d receipt", "%d receipts", total.receiptCount), total.receiptCount),
                isMissingRate: total.unconverted != nil)
        }
        merchantRows = report.topMerchants.map {
            MerchantRow(name: $0.name, amount: money.string(from: $0.amount),
                        receipts: String(format: trn("%d receipt", "%d receipts", $0.receiptCount), $0.receiptCount))
        }
        increaseRows = report.priceIncreases.map {
            PriceIncreaseRow(productId: $0.productId, name: $0.name, from: money.string(from: $0.from), to: money.string(from: $0.to),
                             change: percent.string($0.change))
        }
        inflationRows = report.inflation.map {
            InflationRow(category: $0.category.title, change: percent.string($0.change),
                         products: String(format: trn("%d product", "%d products", $0.productCount), $0.productCount))
        }
    }
}
