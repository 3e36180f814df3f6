import Foundation

/// Days as the store keeps them: "2026-03-14".
public enum ISODay {
    /// True for a real calendar day written YYYY-MM-DD ("2026-02-30" and "2026-13-01" are not).
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = DayFormatter.date(fromISO: text) else { return false }
        // Calendar rolls day 30 of February over into March; a real day reads back the same.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        return back.year == year && back.month == month && back.day == day
    }
}
