import Foundation
import Observation
import PlutaryCore

/// Spending per month and per currency. Amounts in different currencies are
/// never added together.
@MainActor
@Observable
public final class AnalyticsViewModel {
    public private(set) var months: [MonthRow] = []
    public private(set) var currencyTotals: [String] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false

    private let spending: any SpendingReporting
    private let days: DayFormatter
    private let money: MoneyFormatter

    public init(spending: any SpendingReporting, locale: Locale = .preferred) {
        self.spending = spending
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
    }

    public var isEmpty: Bool { isLoaded && months.isEmpty }
    public var emptyTitle: String { tr("Nothing to analyse yet") }

    public func load() {
        do {
            months = try spending.monthlyTotals().reversed().map { MonthRow(total: $0, days: days, money: money) }
            currencyTotals = try spending.totalsByCurrency().map(money.string(from:))
            errorMessage = nil
        } catch {
            months = []
            currencyTotals = []
            errorMessage = String(format: tr("Could not compute spending: %@"), error.localizedDescription)
        }
        isLoaded = true
    }
}
