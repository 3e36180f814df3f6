import Foundation

/// Receipt dates are days ("2026-03-14"), stored as ISO text; this shows them
/// the way the person's locale writes dates.
public struct DayFormatter: Sendable {
    public let locale: Locale

    public init(locale: Locale = .current) {
        self.locale = locale
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
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// "March 2026" for a month key "2026-03".
    public func monthString(fromKey month: String) -> String {
        guard let date = Self.date(fromISO: month + "-01") else { return month }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate("MMMM yyyy")
        return formatter.string(from: date)
    }
}
