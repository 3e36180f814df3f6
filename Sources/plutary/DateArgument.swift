import PlutaryCore

/// Day arguments (--since, --until) as the store keeps dates: YYYY-MM-DD.
enum DateArgument {
    static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return DayFormatter.date(fromISO: text) != nil
    }
}
