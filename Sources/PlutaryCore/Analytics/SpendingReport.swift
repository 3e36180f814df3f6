/// Everything the Analytics screen shows for one period, in the primary
/// currency where rates allow; what could not be converted is listed, not guessed.
public struct SpendingReport: Hashable, Sendable {
    public let period: AnalyticsPeriod
    /// The days covered: the period's, or for all time the first to the last receipt.
    public let range: DayRange?
    public let primaryCurrency: String
    /// Every month of the range, oldest first, stacked by category.
    public let months: [MonthSpending]
    /// Largest first.
    public let categories: [CategorySpending]
    public let currencyTotals: [CurrencyTotal]
    /// The converted total (receipts with a rate only).
    public let total: Money
    public let topMerchants: [MerchantSpending]
    public let priceIncreases: [PriceChange]
    public let inflation: [CategoryInflation]
    public let receiptCount: Int

    public init(period: AnalyticsPeriod, range: DayRange?, primaryCurrency: String, months: [MonthSpending],
                categories: [CategorySpending], currencyTotals: [CurrencyTotal], total: Money,
                topMerchants: [MerchantSpending], priceIncreases: [PriceChange], inflation: [CategoryInflation],
                receiptCount: Int) {
        self.period = period
        self.range = range
        self.primaryCurrency = primaryCurrency
        self.months = months
        self.categories = categories
        self.currencyTotals = currencyTotals
        self.total = total
        self.topMerchants = topMerchants
        self.priceIncreases = priceIncreases
        self.inflation = inflation
        self.receiptCount = receiptCount
    }

    public var isEmpty: Bool { receiptCount == 0 }

    /// Amounts left out of the converted figures for want of a rate, per currency.
    public var unconverted: [Money] { currencyTotals.compactMap(\.unconverted) }
}
