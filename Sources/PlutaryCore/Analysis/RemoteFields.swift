import Foundation

/// Reads the loosely typed JSON objects services answer: numbers or decimal
/// strings for amounts, unknown fields ignored, missing ones nil.
struct RemoteFields {
    let object: [String: Any]

    init(_ object: [String: Any]) {
        self.object = object
    }

    /// The first of `keys` present with a non-empty text value (numbers are written out).
    func string(_ keys: String...) -> String? {
        for key in keys {
            switch object[key] {
            case let text as String:
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { return trimmed }
            case let number as NSNumber:
                return RemoteFields.decimalText(number)
            default: continue
            }
        }
        return nil
    }

    /// An amount as a plain decimal string ("12.99"), from a number or a string
    /// such as "12.99", "$12.99", "12,99" or "1,234.50"; nil when absent or unreadable.
    func amount(_ keys: String...) -> String? {
        for key in keys {
            switch object[key] {
            case let number as NSNumber:
                return RemoteFields.decimalText(number)
            case let text as String:
                if let value = RemoteFields.decimal(from: text) { return value }
            default: continue
            }
        }
        return nil
    }

    func objects(_ keys: String...) -> [[String: Any]] {
        for key in keys {
            if let list = object[key] as? [Any] { return list.compactMap { $0 as? [String: Any] } }
        }
        return []
    }

    /// Shortest text of a JSON number (Swift's Double description round-trips: 12.99, not 12.990000000000002).
    static func decimalText(_ number: NSNumber) -> String {
        let double = number.doubleValue
        if double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }

    static func decimal(from text: String) -> String? {
        var cleaned = text.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        guard !cleaned.isEmpty else { return nil }
        if let comma = cleaned.lastIndex(of: ","), let dot = cleaned.lastIndex(of: ".") {
            // Whichever separator comes last is the decimal one.
            if comma > dot {
                cleaned = cleaned.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
            } else {
                cleaned = cleaned.replacingOccurrences(of: ",", with: "")
            }
        } else if let comma = cleaned.lastIndex(of: ",") {
            let decimals = cleaned.distance(from: comma, to: cleaned.endIndex) - 1
            cleaned = decimals == 3 ? cleaned.replacingOccurrences(of: ",", with: "") : cleaned.replacingOccurrences(of: ",", with: ".")
        }
        // Kept as written ("1.00" stays "1.00") once it reads as a number.
        guard Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX")) != nil,
              cleaned.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        return cleaned
    }
}
