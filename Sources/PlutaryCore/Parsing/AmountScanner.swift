import Foundation

/// Finds money amounts in OCR lines: dot or comma decimals ("12.50", "15,69",
/// "1.234,56"), currency prefixes ("RM9.00", "$ 3.26", "€1,95") and discounts
/// written with a leading or trailing minus ("-3.00", "3.00-").
enum AmountScanner {
    // Integer part with optional thousands groups, then a two-digit fraction that is not
    // followed by more digits (so dates like 25.12.18 and weights like 0.840 are not amounts).
    // OCR often widens "68.87" to "68. 87"; one space after a dot is accepted.
    private static let amount = Pattern(
        #"(?<![\d.,])(-\s?)?(?:(?:RM|US\$|CA\$|C\$|\$|€|£|EUR|CHF)\s?)?(\d{1,3}(?:[.,']\d{3})+|\d+)(?:,|\.\s?)(\d{2})(?![.,]?\d)(?!\s?%)(\s?-(?!\s?[\d-]))?"#)
    // OCR sometimes drops the decimal point itself ("RM 64 13"); only after a currency sign,
    // at the end of the line, so quantity and price columns ("2 15") stay apart.
    private static let spacedAmount = Pattern(#"(?<![\d.,])(-\s?)?(?:RM|US\$|CA\$|C\$|\$|€|£|EUR)\s?(\d{1,6}) (\d{2})\s*$"#)
    // OCR reads 0 as O inside numbers ("1O.5O"); fixed one character for one, so offsets stay valid.
    private static let letterZero = Pattern(#"(?<=[\d.,])[Oo]|[Oo](?=[.,]?\d)"#)

    private static let trailingLimit = 16

    static func amounts(in line: String) -> [AmountMatch] {
        let cleaned = repairDigits(line)
        let ns = cleaned as NSString
        let found = amount.matches(in: cleaned)
        let spaced = spacedAmount.matches(in: cleaned).filter { extra in
            !found.contains { $0.location < extra.location + extra.length && extra.location < $0.location + $0.length }
        }
        return (found + spaced).sorted { $0.location < $1.location }.compactMap { match in
            guard let whole = match[2], let fraction = match[3] else { return nil }
            let digits = whole.filter(\.isNumber)
            guard var value = Decimal(string: "\(digits).\(fraction)", locale: Locale(identifier: "en_US_POSIX")) else {
                return nil
            }
            if match[1] != nil || match[4] != nil { value = -value }
            let end = match.location + match.length
            // Only a flag can follow a price, so a few characters are enough; copying the rest
            // of the line for every amount made long lines quadratic. Longer tails keep a
            // marker so they are never taken for a flag.
            let rest = ns.length - end
            var trailing = ns.substring(with: NSRange(location: end, length: min(rest, trailingLimit)))
                .trimmingCharacters(in: .whitespaces)
            if rest > trailingLimit { trailing += "…" }
            return AmountMatch(value: value, location: match.location, length: match.length, trailing: trailing)
        }
    }

    private static let oneDecimal = Pattern(#"(?<![\d.,])(\d{1,6})[.,](\d)\s*$"#)

    /// An amount at the end of a line that lost its last digit ("NET TOTAL 174.9"), read as
    /// whole tenths; only for summary lines, where the label says an amount must be there.
    static func oneDecimalAmount(in line: String) -> Decimal? {
        guard let match = oneDecimal.firstMatch(in: repairDigits(line)), let whole = match[1], let tenth = match[2] else { return nil }
        return Decimal(string: "\(whole).\(tenth)0", locale: Locale(identifier: "en_US_POSIX"))
    }

    private static let dashed = Pattern(#"(?<![\d.,\-])(\d{1,6})-(\d{2})\s*$"#)

    /// An amount at the end of a summary line whose decimal point OCR read as a dash
    /// ("NET TOTAL 19-80"); only where the label says an amount must be there.
    static func dashedAmount(in line: String) -> Decimal? {
        guard let match = dashed.firstMatch(in: repairDigits(line)), let whole = match[1], let cents = match[2] else { return nil }
        return Decimal(string: "\(whole).\(cents)", locale: Locale(identifier: "en_US_POSIX"))
    }

    private static let pointless = Pattern(#"(?<=[\s:])(\d{3,5})\s*[^\w.,]{0,3}$"#)

    /// A summary amount whose decimal point OCR lost ("Total GST (RM) : 637"), read as cents.
    static func pointlessAmount(in line: String) -> Decimal? {
        guard let digits = pointless.firstMatch(in: repairDigits(line))?[1], let cents = Decimal(string: digits) else { return nil }
        return cents / 100
    }

    /// The right-most amount of a line, which is where receipts print the line's price.
    static func lastAmount(in line: String) -> AmountMatch? {
        amounts(in: line).last
    }

    /// Text of the line before its first amount: the label ("TOTAL", "Bananen").
    static func label(of line: String, before match: AmountMatch?) -> String {
        guard let match else { return line }
        return (line as NSString).substring(to: match.location).trimmingCharacters(in: .whitespaces)
    }

    /// Parses a stand-alone decimal such as "0.840", "3,26" or "13".
    static func decimal(_ text: String) -> Decimal? {
        let normalized = repairDigits(text).replacingOccurrences(of: ",", with: ".")
        return Decimal(string: normalized, locale: Locale(identifier: "en_US_POSIX"))
    }

    static func repairDigits(_ line: String) -> String {
        let matches = letterZero.matches(in: line)
        guard !matches.isEmpty else { return line }
        let chars = NSMutableString(string: line)
        for match in matches { chars.replaceCharacters(in: NSRange(location: match.location, length: 1), with: "0") }
        return chars as String
    }
}
