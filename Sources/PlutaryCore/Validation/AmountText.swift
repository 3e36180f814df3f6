import Foundation

/// Reads an amount as a person types it into a field: "12.50", "12,50",
/// "1,234.56", "1.234,56", " -3 ". The result is the payload's decimal string
/// in the currency's precision.
public enum AmountText {
    /// The canonical decimal string ("12.50"), nil when the text is not an amount.
    /// Empty text is not an amount either; callers treat it as "no value".
    public static func normalized(_ text: String, currency: String) -> String? {
        money(text, currency: currency)?.decimalString
    }

    public static func money(_ text: String, currency: String) -> Money? {
        var body = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "")
        guard !body.isEmpty else { return nil }
        let lastComma = body.lastIndex(of: ",")
        let lastDot = body.lastIndex(of: ".")
        switch (lastComma, lastDot) {
        case let (comma?, dot?):
            // The later separator is the decimal one; the other groups thousands.
            if comma > dot {
                body = body.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
            } else {
                body = body.replacingOccurrences(of: ",", with: "")
            }
        case let (comma?, nil):
            let decimals = body.distance(from: comma, to: body.endIndex) - 1
            let commas = body.filter { $0 == "," }.count
            // "1,234" groups thousands in a two-decimal currency; "12,50" is a decimal comma.
            if commas == 1 && !(decimals == 3 && Currency.exponent(of: currency) != 3) {
                body = body.replacingOccurrences(of: ",", with: ".")
            } else {
                body = body.replacingOccurrences(of: ",", with: "")
            }
        default:
            break
        }
        return Money(decimalString: body, currency: currency)
    }

    /// A quantity ("1", "0.840", "0,840"), as a plain decimal string.
    public static func quantity(_ text: String) -> String? {
        let body = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !body.isEmpty, body.filter({ $0 == "." }).count <= 1,
              body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Decimal(string: body, locale: Locale(identifier: "en_US_POSIX")), value > 0 else { return nil }
        return body
    }
}
