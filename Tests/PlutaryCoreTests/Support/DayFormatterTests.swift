import Foundation
import Testing
@testable import PlutaryCore

/// Days are counted without a Calendar; Foundation's Gregorian calendar is the reference.
struct DayFormatterTests {
    private func reference(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    @Test func everyDayFrom1899To2101IsTheCalendarsDay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = try #require(reference(1899, 1, 1))
        let end = try #require(reference(2101, 12, 31))
        var days = 0
        while date <= end {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let iso = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            #expect(DayFormatter.date(fromISO: iso) == date, "\(iso)")
            date = calendar.date(byAdding: .day, value: 1, to: date)!
            days += 1
        }
        #expect(days == 74_144)
    }

    @Test func aDayTheMonthLacksRollsOverAsTheCalendarDoes() {
        #expect(DayFormatter.date(fromISO: "2026-02-30") == reference(2026, 3, 2))
        #expect(DayFormatter.date(fromISO: "2024-02-29") == reference(2024, 2, 29))
        #expect(DayFormatter.date(fromISO: "2100-02-29") == reference(2100, 3, 1))
        #expect(DayFormatter.date(fromISO: "2026-13-01") == reference(2026, 13, 1))
        #expect(DayFormatter.date(fromISO: "2026-03") == nil)
        #expect(DayFormatter.date(fromISO: "not a day") == nil)
    }

    /// Days are read from their bytes; forms with other characters or empty fields are read as a
    /// split on "-" reads them.
    @Test func looserFormsReadAsBefore() {
        #expect(DayFormatter.date(fromISO: "2026-3-4") == reference(2026, 3, 4))
        #expect(DayFormatter.date(fromISO: "2026--03-14") == reference(2026, 3, 14))
        #expect(DayFormatter.date(fromISO: "+2026-03-14") == reference(2026, 3, 14))
        #expect(DayFormatter.date(fromISO: "2026-03-14-") == reference(2026, 3, 14))
        #expect(DayFormatter.date(fromISO: " 2026-03-14") == nil)
        #expect(DayFormatter.date(fromISO: "2026-03-1x") == nil)
        #expect(DayFormatter.date(fromISO: "2026-03-14-01") == nil)
        #expect(DayFormatter.date(fromISO: "99999999999999999999-01-01") == nil)
    }
}
