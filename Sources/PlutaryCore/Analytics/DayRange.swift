import Foundation

/// An inclusive range of days, as ISO text ("2026-01-01"…"2026-03-31").
public struct DayRange: Hashable, Sendable {
    public let start: String
    public let end: String

    public init(start: String, end: String) {
        self.start = min(start, end)
        self.end = max(start, end)
    }

    public func contains(_ day: String) -> Bool { day >= start && day <= end }

    /// Every month key ("2026-01") the range touches, in order.
    public var months: [String] {
        MonthKey.months(from: String(start.prefix(7)), through: String(end.prefix(7)))
    }

    /// The range of whole months `first`…`last` ("2026-01"…"2026-03").
    public static func months(_ first: String, _ last: String) -> DayRange {
        DayRange(start: first + "-01", end: MonthKey.lastDay(of: last))
    }
}
