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

    /// Shortest text of a JSON number (Swift's Double description round-trips: 12.99, not 12.990000000000002);
    /// past 1e15 it is written with an exponent, which no amount rule accepts.
    static func decimalText(_ number: NSNumber) -> String {
        let double = number.doubleValue
        if double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }

    /// The amount in text such as "12.99", "$ 7.00", "12,99 €" or "1,234.50": a
    /// currency sign or code around one number, nothing else ("--1", "1-1" and
    /// "1e9999" are not amounts), as a plain decimal.
    static func decimal(from text: String) -> String? {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        // A sign after the currency ("$-3.50", "$--1") stays, so the check below sees it.
        body = body.drop { !$0.isASCII || !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        while let last = body.last, !(last.isASCII && last.isNumber) { body = body.dropLast() }
        guard body.first?.isASCII == true, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }),
              body.contains(where: \.isNumber) else { return nil }
        var cleaned = String(body)
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
        // Kept as written ("1.00" stays "1.00") once it is one plain number.
        guard cleaned.filter({ $0 == "." }).count <= 1, cleaned.contains(where: \.isNumber) else { return nil }
        return (negative ? "-" : "") + cleaned
    }
}
