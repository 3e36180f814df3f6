import Foundation

/// Month keys ("2026-03") and the arithmetic the reports need on them.
public enum MonthKey {
    public static func of(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year!, parts.month!)
    }

    public static func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The month `count` months after `month` (before, when negative).
    public static func adding(_ count: Int, to month: String) -> String {
        let (year, number) = split(month)
        let index = year * 12 + (number - 1) + count
        return String(format: "%04d-%02d", index / 12, index % 12 + 1)
    }

    /// Months from one key to another, both included; empty when `last` comes first.
    public static func months(from first: String, through last: String) -> [String] {
        let count = distance(from: first, to: last)
        guard count >= 0 else { return [] }
        return (0...count).map { adding($0, to: first) }
    }

    public static func distance(from first: String, to last: String) -> Int {
        let (y1, m1) = split(first), (y2, m2) = split(last)
        return (y2 * 12 + m2) - (y1 * 12 + m1)
    }

    /// Whether a text is a real day written "YYYY-MM-DD" (not "2026-13-01" or "2026-02-30").
    public static func isDay(_ text: String) -> Bool {
        guard text.count == 10, let date = DayFormatter.date(fromISO: text) else { return false }
        return day(date) == text
    }

    public static func lastDay(of month: String) -> String {
        let (year, number) = split(month)
        var components = DateComponents(year: year, month: number)
        components.timeZone = TimeZone(identifier: "UTC")
        let date = calendar.date(from: components)!
        let days = calendar.range(of: .day, in: .month, for: date)!.count
        return String(format: "%@-%02d", month, days)
    }

    private static func split(_ month: String) -> (Int, Int) {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        return (parts.first ?? 1970, parts.count > 1 ? parts[1] : 1)
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
