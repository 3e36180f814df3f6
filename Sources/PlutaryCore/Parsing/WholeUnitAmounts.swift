import Foundation

/// Receipts in currencies that print no minor unit (Hungary's forint, Japan's yen, Korea's won,
/// Iceland's krona, Taiwan's dollar, Chile's and Colombia's pesos) price in whole units: "PICK SZALÁMI
/// 1 949 C", "ÖSSZESEN:  5 369 Ft", "合計 ¥1,280", "TOTAL  $ 22.877". Every reader of amounts looks for a decimal part, so such a receipt's amounts are
/// given one (".00") where they end a line, once, before any reading; the rest of the parser then
/// reads them as it reads any receipt's.
enum WholeUnitAmounts {
    // What says a receipt is in such a currency: its code, or its sign or "Ft" (forint) beside a number, or a
    // dollar sign before thousands grouped by points ("$ 22.877": the peso's; a dollar with cents never prints so),
    // or Taiwan's "總計" (Hong Kong's prints cents, which the count below tells apart).
    private static let marker = Pattern(
        #"\d\s?(?:Ft|FT|円|원)(?!\w)|[¥￥₩]\s?\d|NT\$|總計|(?<!\w)(?:HUF|JPY|KRW|ISK|TWD|CLP|COP)(?!\w)|\$\s?\d{1,3}(?:\.\d{3})+(?![\d,])"#,
        caseInsensitive: false)
    // A whole amount that ends its line, before an optional currency word and tax flag: digits grouped by
    // thousands (one space, a point or a comma: "1 949", "1.949", "1,280") or plain ("399"), not inside
    // a code, a date, a time or a phone number ("A12345678", "2022.07.09", "10:33", "0412/00881"). Hungarian tills
    // print the VAT class with two digits ("459 A00").
    // Japanese tills mark reduced-rate goods after the price ("¥173※", "¥248＊") and bracket the tax lines
    // ("(内消費税等 8%  ¥85)").
    private static let wholeAmount = Pattern(
        #"(?<![\w.,:/\-])(-\s?)?([¥￥₩]\s?)?(\d{1,3}(?:[ .,]\d{3})+|[1-9]\d{0,6}|0)(-?)(?=\s*(?:Ft|HUF|円|원|₩|JPY|KRW|ISK|kr)?(?:\s+[A-Z*]{1,2}(?:\d\d)?\*?)?\s*[※＊*軽]?\)?\s*$)"#,
        caseInsensitive: false, needsOneOf: Pattern.digits)

    // The markers' first bytes, built once.
    private static let codes: [[UInt8]] = ["HUF", "JPY", "KRW", "ISK", "TWD", "CLP", "COP", "NT$"].map { Array($0.utf8) }
    private static let signs: [[UInt8]] = ["円", "원", "¥", "￥", "₩", "總計"].map { Array($0.utf8) }

    /// Whether the text holds a marker's first bytes ("Ft", a code's letters, a sign's UTF-8): on the bytes,
    /// as the marker's expression over every receipt's whole text cost a thirtieth of the parse.
    private static func mayHoldMarker(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        while let first = bytes.first {
            let rest = bytes.dropFirst()
            switch first {
            case UInt8(ascii: "F"): if let next = rest.first, next == UInt8(ascii: "t") || next == UInt8(ascii: "T") { return true }
            case UInt8(ascii: "H"), UInt8(ascii: "J"), UInt8(ascii: "K"), UInt8(ascii: "I"), UInt8(ascii: "T"), UInt8(ascii: "C"),
                 UInt8(ascii: "N"):
                if codes.contains(where: { bytes.starts(with: $0) }) { return true }
            case UInt8(ascii: "$"): if isPointGrouped(rest) { return true }
            case 0xC2...0xEF: if signs.contains(where: { bytes.starts(with: $0) }) { return true }
            default: break
            }
            bytes = rest
        }
        return false
    }

    /// Whether a number is a document's or a till's ("BOLETA ELECTRONICA Nº 1188227", "No. SETT 118227",
    /// "TRANS# 4471", "BOLETA ELECTRONICA N. 4418823"): a number sign, "No.", "Nr." or "N." stands in the two words before it.
    private static func isNumbered(_ line: String, before location: Int) -> Bool {
        let words = (line as NSString).substring(to: location).uppercased().split(separator: " ").suffix(2)
        return words.contains { word in
            word.hasSuffix("#") || word.hasPrefix("Nº") || word.hasPrefix("N°") || word == "NO." || word == "NR." || word == "NO" || word == "NR" || word == "N."
        }
    }

    /// Whether the bytes after a dollar sign start with thousands grouped by a point ("22.877", " 1.090"), no
    /// digit or comma after: a peso's amount, where a dollar's cents would be two digits.
    private static func isPointGrouped(_ bytes: Substring.UTF8View) -> Bool {
        var rest = bytes.first == UInt8(ascii: " ") ? bytes.dropFirst() : bytes
        let lead = rest.prefix(while: \.isASCIIDigit).count
        guard (1...3).contains(lead) else { return false }
        rest = rest.dropFirst(lead)
        guard rest.first == UInt8(ascii: "."), rest.dropFirst().prefix(while: \.isASCIIDigit).count == 3 else { return false }
        let after = rest.dropFirst(4).first
        return after.map { !$0.isASCIIDigit && $0 != UInt8(ascii: ",") } ?? true
    }

    /// The lines with their whole amounts written with a decimal part, when the text is a whole-unit
    /// currency's: its marker is there, and at least three lines end in a whole amount, more than twice
    /// as many as hold a decimal one (a forint receipt's "1,235 kg" weights are no amounts; a receipt
    /// that prints decimals is read as it is).
    static func written(_ lines: [String], text: String) -> [String] {
        guard mayHoldMarker(text), marker.isMatched(by: text) else { return lines }
        let whole = lines.map { wholeAmount.firstMatch(in: $0) }
        let wholeCount = whole.lazy.compactMap { $0 }.count
        let decimalCount = lines.lazy.filter { !AmountScanner.amounts(in: $0).isEmpty }.count
        guard wholeCount >= 3, wholeCount > 2 * decimalCount else { return lines }
        return zip(lines, whole).map { line, match in
            guard let match, let digits = match[3], !isNumbered(line, before: match.location) else { return line }
            let written = (match[1] ?? "") + (match[2] ?? "") + digits.filter(\.isNumber) + ".00" + (match[4] ?? "")
            let amountWritten = (line as NSString).replacingCharacters(in: NSRange(location: match.location, length: match.length), with: written)
            return unitPriceWritten(amountWritten)
        }
    }

    // A count's unit price before the line's amount ("3 X 4.350   13.050 E", "2 @ 1,250"), read as the amount is.
    private static let unitPrice = Pattern(#"(?<![\w.,])(\d{1,3}\s*[X×@]\s*[¥￥₩$]?\s?)(\d{1,3}(?:[ .,]\d{3})+|[1-9]\d{0,6})(?![\d.,])"#,
                                           needsOneOf: Pattern.digits)

    private static func unitPriceWritten(_ line: String) -> String {
        guard let match = unitPrice.firstMatch(in: line), let lead = match[1], let digits = match[2] else { return line }
        return (line as NSString).replacingCharacters(in: NSRange(location: match.location, length: match.length),
                                                     with: lead + digits.filter(\.isNumber) + ".00")
    }
}
