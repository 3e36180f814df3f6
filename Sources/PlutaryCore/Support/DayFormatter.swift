import Foundation

/// Receipt dates are days ("2026-03-14"), stored as ISO text; this shows them
/// the way the person's locale writes dates.
/// Formatters are built once: lists format tens of thousands of dates.
/// (Foundation's formatters are safe to use from several threads.)
public struct DayFormatter: @unchecked Sendable {
    public let locale: Locale
    private let dayFormatter: DateFormatter
    private let monthFormatter: DateFormatter

    public init(locale: Locale = .preferred) {
        self.locale = locale
        dayFormatter = DateFormatter()
        dayFormatter.locale = locale
        dayFormatter.timeZone = TimeZone(identifier: "UTC")
        dayFormatter.dateStyle = .medium
        dayFormatter.timeStyle = .none
        monthFormatter = DateFormatter()
        monthFormatter.locale = locale
        monthFormatter.timeZone = TimeZone(identifier: "UTC")
        monthFormatter.setLocalizedDateFormatFromTemplate("MMMM yyyy")
    }

    public static func date(fromISO day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)
    }

    public func string(fromISO day: String?) -> String {
        guard let day, let date = Self.date(fromISO: day) else { return "—" }
        return dayFormatter.string(from: date)
    }

    /// "March 2026" for a month key "2026-03".
    public func monthString(fromKey month: String) -> String {
        guard let date = Self.date(fromISO: month + "-01") else { return month }
        return monthFormatter.string(from: date)
    }
}
