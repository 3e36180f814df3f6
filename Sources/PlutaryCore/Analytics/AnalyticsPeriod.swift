import Foundation

/// The span of time a report covers. Presets end today; "all" covers every receipt.
public enum AnalyticsPeriod: Hashable, Sendable {
    case thisMonth, last3Months, last6Months, last12Months, thisYear, all
    case custom(DayRange)

    public static let presets: [AnalyticsPeriod] = [.thisMonth, .last3Months, .last6Months, .last12Months, .thisYear, .all]

    public var title: String {
        switch self {
        case .thisMonth: tr("This month")
        case .last3Months: tr("Last 3 months")
        case .last6Months: tr("Last 6 months")
        case .last12Months: tr("Last 12 months")
        case .thisYear: tr("This year")
        case .all: tr("All time")
        case .custom: tr("Custom")
        }
    }

    /// The days covered on `today` (UTC); nil for all time. "Last 3 months" is
    /// this month and the two before it, whole.
    public func range(today: Date) -> DayRange? {
        let month = MonthKey.of(today)
        let day = MonthKey.day(today)
        switch self {
        case .thisMonth: return DayRange(start: month + "-01", end: day)
        case .last3Months: return DayRange(start: MonthKey.adding(-2, to: month) + "-01", end: day)
        case .last6Months: return DayRange(start: MonthKey.adding(-5, to: month) + "-01", end: day)
        case .last12Months: return DayRange(start: MonthKey.adding(-11, to: month) + "-01", end: day)
        case .thisYear: return DayRange(start: String(month.prefix(4)) + "-01-01", end: day)
        case .all: return nil
        case .custom(let range): return range
        }
    }
}
