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
        if let (year, month, dayOfMonth) = isoFields(day), (1...12).contains(month), dayOfMonth >= 1,
           dayOfMonth <= daysIn(month: month, year: year) {
            return Date(timeIntervalSince1970: Double(daysSinceEpoch(year: year, month: month, day: dayOfMonth)) * 86_400)
        }
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let (year, month, dayOfMonth) = (parts[0], parts[1], parts[2])
        // A real day is counted directly: a Calendar and a time zone made per call cost a price
        // chart of 800 purchases 8 ms on the GTK thread. Anything else keeps Calendar's leniency.
        if (1...12).contains(month), dayOfMonth >= 1, dayOfMonth <= daysIn(month: month, year: year) {
            return Date(timeIntervalSince1970: Double(daysSinceEpoch(year: year, month: month, day: dayOfMonth)) * 86_400)
        }
        var components = DateComponents(year: year, month: month, day: dayOfMonth)
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)
    }

    /// The three numbers of "2026-03-14" read from its bytes, without the strings and arrays a
    /// split makes (a price chart parses each of thousands of purchase days); nil for anything
    /// but digits in three fields, which the lenient path reads.
    private static func isoFields(_ day: String) -> (Int, Int, Int)? {
        var fields = (0, 0, 0), field = 0, digits = 0
        for byte in day.utf8 {
            if byte == UInt8(ascii: "-") {
                guard digits > 0, field < 2 else { return nil }
                field += 1
                digits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch field {
            case 0: fields.0 = fields.0 * 10 + digit
            case 1: fields.1 = fields.1 * 10 + digit
            default: fields.2 = fields.2 * 10 + digit
            }
            digits += 1
        }
        return field == 2 && digits > 0 ? fields : nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (the civil-days count:
    /// years shifted to start in March, so the leap day ends a year).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
