import Foundation

/// Finds money amounts in OCR lines: dot or comma decimals ("12.50", "15,69",
/// "1.234,56"), currency prefixes ("RM9.00", "$ 3.26", "€1,95") and discounts
/// written with a leading or trailing minus ("-3.00", "3.00-").
enum AmountScanner {
    // Integer part with optional thousands groups, then a two-digit fraction that is not
    // followed by more digits (so dates like 25.12.18 and weights like 0.840 are not amounts).
    // A point after a word is its abbreviation's, glued to the price ("Crema gr.3,29 A"); after a number it is part of it.
    // (No sign there: ".- 14.53" is OCR debris before a price.)
    // A measure with its unit glued on by a hyphen ("TAPE 1.88-IN", "2.50-LB") is no amount; a flag after a minus ("4.00-A",
    // British Columbia's "2.00-GP") is.
    // OCR often widens "68.87" to "68. 87" or "1 .97"; one space beside a dot is accepted. On faint
    // print it doubles the separator ("2,,49", "4..59").
    private static let amount = Pattern(
        #"(?:(?<![\d.,])(-\s?)?|(?<=\p{L}{2}\.))(?:(?:RM|US\$|CA\$|C\$|\$|€|£|EUR|CHF)\s?)?(\d{1,3}(?:[.,']\d{3})+|\d+)(?:[.,]{2}|,|\s?\.\s?)(\d{2})(?![.,]?\d)(?!\s?%)(?!-(?:IN|FT|YD|LBS?|OZ|KG|ML|CM|MM|GAL|QT|PK|CT|PC|LT)(?!\p{L}))(\s?-(?!\s?[\d-]))?"#, needsOneOf: ".,", digitRun: 2)
    // American tills print cents alone ("BOTTLE DEPOSIT  .60", "$.75-"); the groups are `amount`'s, the whole part empty.
    // Its own pattern, tried only on lines with " ." or "$.": in `amount` it doubled the cost of every scan.
    private static let centsAlone = Pattern(#"(?<![^\s$])(-\s?)?(\$?)\.(\d{2})(?![.,]?\d)(?!\s?%)(\s?-(?!\s?[\d-]))?"#, needsOneOf: ".")
    // OCR sometimes drops the decimal point itself ("RM 64 13"); only after a currency sign,
    // at the end of the line, so quantity and price columns ("2 15") stay apart.
    private static let spacedAmount = Pattern(#"(?<![\d.,])(-\s?)?(?:RM|US\$|CA\$|C\$|\$|€|£|EUR)\s?(\d{1,6}) (\d{2})\s*$"#, needsOneOf: Pattern.digits, digitRun: 2)

    private static let trailingLimit = 16
    // Made once: a Locale per amount was a tenth of scanning a long line.
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func amounts(in line: String) -> [AmountMatch] {
        let cleaned = repairDigits(line)
        let ns = cleaned as NSString
        let ascii = cleaned.utf8.allSatisfy { $0 < 0x80 }
        let found = amount.matches(in: cleaned)
        let cents = mayHoldCentsAlone(cleaned) ? centsAlone.matches(in: cleaned) : []
        let spaced = ((mayEndInSpacedAmount(cleaned) ? spacedAmount.matches(in: cleaned) : []) + cents).filter { extra in
            !found.contains { $0.location < extra.location + extra.length && extra.location < $0.location + $0.length }
        }
        return (found + spaced).sorted { $0.location < $1.location }.compactMap { match in
            guard let whole = match[2], let fraction = match[3] else { return nil }
            // ASCII digits are the only ASCII numbers: filtered as bytes, as most amounts are.
            let digits = whole.utf8.allSatisfy({ $0 < 0x80 }) ? String(decoding: whole.utf8.filter { (0x30...0x39).contains($0) }, as: UTF8.self)
                : whole.filter(\.isNumber)
            guard var value = Decimal(string: "\(digits.isEmpty ? "0" : digits).\(fraction)", locale: posix) else {
                return nil
            }
            if match[1] != nil || match[4] != nil { value = -value }
            let end = match.location + match.length
            // Only a flag can follow a price, so a few characters are enough; copying the rest
            // of the line for every amount made long lines quadratic. Longer tails keep a
            // marker so they are never taken for a flag; but a flag of a few letters alone after a wide column gap
            // is one ("2.99            GPMRJ").
            let rest = ns.length - end
            let gap = rest > trailingLimit ? gapLength(ns, from: end) : 0
            if gap > 0, rest - gap <= 5, ns.substring(from: end + gap).allSatisfy({ $0.isASCII && $0.isLetter }) {
                return AmountMatch(value: value, location: match.location, length: match.length, trailing: ns.substring(from: end + gap))
            }
            var trailing = ascii ? asciiTrailing(cleaned, from: end, length: min(rest, trailingLimit))
                : ns.substring(with: NSRange(location: end, length: min(rest, trailingLimit))).trimmingCharacters(in: .whitespaces)
            if rest > trailingLimit { trailing += "…" }
            return AmountMatch(value: value, location: match.location, length: match.length, trailing: trailing)
        }
    }

    /// Whether a point starts the line or follows a space or "$": on the bytes, as `String.contains` costs a Foundation search.
    private static func mayHoldCentsAlone(_ line: String) -> Bool {
        var previous = UInt8(ascii: " ")
        for byte in line.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }

    /// Whether the line ends, but for white space, in a digit, a space and two digits, as every `spacedAmount` match does;
    /// on the bytes, as ICU tried its currency signs at many places of every line with digits. A line with other
    /// than ASCII always may: its white space and digits may be other characters.
    private static func mayEndInSpacedAmount(_ line: String) -> Bool {
        var bytes = line.utf8[...]
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
        while let last = bytes.last, last.isASCIIWhitespace { bytes = bytes.dropLast() }
        let end = Array(bytes.suffix(4))
        return end.count == 4 && end[0].isASCIIDigit && end[1] == UInt8(ascii: " ") && end[2].isASCIIDigit && end[3].isASCIIDigit
    }

    /// How many spaces and tabs follow `start`.
    private static func gapLength(_ line: NSString, from start: Int) -> Int {
        var index = start
        while index < line.length, line.character(at: index) == 0x20 || line.character(at: index) == 0x09 { index += 1 }
        return index - start
    }

    /// `length` characters of an ASCII line from `start`, without the spaces and tabs around them:
    /// what NSString's substring and trimming give, without their cost for every amount.
    private static func asciiTrailing(_ line: String, from start: Int, length: Int) -> String {
        let bytes = line.utf8
        let from = bytes.index(bytes.startIndex, offsetBy: start)
        return ReceiptText.asciiTrimmed(Substring(bytes[from..<bytes.index(from, offsetBy: length)]))!
    }

    private static let oneDecimal = Pattern(#"(?<![\d.,])(\d{1,6})[.,](\d)\s*$"#, needsOneOf: ".,", digitRun: 1)

    /// An amount at the end of a line that lost its last digit ("NET TOTAL 174.9"), read as
    /// whole tenths; only for summary lines, where the label says an amount must be there.
    static func oneDecimalAmount(in line: String) -> Decimal? {
        guard let match = oneDecimal.firstMatch(in: repairDigits(line)), let whole = match[1], let tenth = match[2] else { return nil }
        return Decimal(string: "\(whole).\(tenth)0", locale: posix)
    }

    private static let dashed = Pattern(#"(?<![\d.,\-])(\d{1,6})-(\d{2})\s*$"#, needsOneOf: "-", digitRun: 2)

    /// An amount at the end of a summary line whose decimal point OCR read as a dash
    /// ("NET TOTAL 19-80"); only where the label says an amount must be there.
    static func dashedAmount(in line: String) -> Decimal? {
        guard let match = dashed.firstMatch(in: repairDigits(line)), let whole = match[1], let cents = match[2] else { return nil }
        return Decimal(string: "\(whole).\(cents)", locale: posix)
    }

    private static let pointless = Pattern(#"(?<=[\s:])(\d{3,5})\s*[^\w.,]{0,3}$"#, needsOneOf: Pattern.digits, digitRun: 3)

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
        // Before ASCII characters only, the UTF-16 offset is a byte offset.
        let head = line.utf8.prefix(match.location)
        if head.allSatisfy({ $0 < 0x80 }) { return ReceiptText.asciiTrimmed(Substring(head))! }
        return (line as NSString).substring(to: match.location).trimmingCharacters(in: .whitespaces)
    }

    /// Parses a stand-alone decimal such as "0.840", "3,26" or "13".
    static func decimal(_ text: String) -> Decimal? {
        let normalized = repairDigits(text).replacingOccurrences(of: ",", with: ".")
        return Decimal(string: normalized, locale: posix)
    }

    /// Reads an O as 0 where it sits in a number ("1O.5O"): after a digit, point or comma, or
    /// before a digit (with a point or comma between); and an l, I or | as 1 where it starts a
    /// number ("l.29", "I2.99"): after no letter, before a digit or a point and a digit. Each is
    /// replaced one character for one, so offsets stay valid. Written out
    /// rather than a regular expression: it runs for every amount scan, and most lines have these
    /// letters in words and none in a number.
    /// A repair can make the next: an O beside an O just read as 0 ("22,OO", "O,O8") is a digit too, so the
    /// line is read again until nothing changes (twice for most lines that change at all).
    static func repairDigits(_ line: String) -> String {
        guard mayNeedRepair(line) else { return line }
        var current = line
        while true {
            let next = repairedOnce(current)
            if next == current { return current }
            current = next
        }
    }

    private static func repairedOnce(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        func isDigit(_ index: Int) -> Bool {
            scalars.indices.contains(index) && scalars[index].properties.generalCategory == .decimalNumber
        }
        func isPoint(_ index: Int) -> Bool {
            scalars.indices.contains(index) && (scalars[index] == "." || scalars[index] == ",")
        }
        var repaired = String.UnicodeScalarView()
        var changed = false
        func isLetter(_ index: Int) -> Bool {
            scalars.indices.contains(index) && scalars[index].properties.isAlphabetic
        }
        for (index, scalar) in scalars.enumerated() {
            // Not the O of ounces after a size ("13.5OZ", "12oz").
            let isOunces = scalars.indices.contains(index + 1) && (scalars[index + 1] == "Z" || scalars[index + 1] == "z")
                && !isLetter(index + 2) && !isDigit(index + 2)
            if scalar == "O" || scalar == "o", !isOunces,
               isDigit(index - 1) || isPoint(index - 1) || isDigit(index + 1) || isPoint(index + 1) && isDigit(index + 2) {
                repaired.append("0")
                changed = true
            } else if let digit = fractionLookalikes[scalar], isDigit(index - 2), isPoint(index - 1), isDigit(index + 1),
                      !isDigit(index + 2), !isLetter(index + 2), scalar != "g" || !isLetter(index - 3) {
                // The same in the first cent place ("4,Z7", "4,g9 A").
                repaired.append(digit)
                changed = true
            } else if let digit = fractionLookalikes[scalar], isDigit(index - 1), isPoint(index - 2), isDigit(index - 3),
                      !isLetter(index + 1), scalar != "g" || !scalars[(index + 1)...].contains(where: { $0.properties.numericType != nil }) {
                // A cent's last digit read as a letter ("6.1B ZR", "16,8S  1,1B  1B,O3", "1,7g B"); a g that a number
                // follows is grams in a name ("Safran 0,1g   3,99").
                repaired.append(digit)
                changed = true
            } else if scalar == "l" || scalar == "I", isDigit(index - 1), scalars.indices.contains(index + 1), scalars[index + 1] == "%" {
                // A rate's last digit read as an l ("2l%").
                repaired.append("1")
                changed = true
            } else if scalar == "l" || scalar == "I" || scalar == "|", !isLetter(index - 1), !isPoint(index - 1),
                      isDigit(index + 1) || isPoint(index + 1) && isDigit(index + 2) && isDigit(index + 3) {
                repaired.append("1")
                changed = true
            } else {
                repaired.append(scalar)
            }
        }
        return changed ? String(repaired) : line
    }

    private static let fractionLookalikes: [Unicode.Scalar: Unicode.Scalar] = ["B": "8", "S": "5", "Z": "2", "g": "9"]

    /// Whether an O, o, l, I or | touches a digit or a decimal point, or a B, S, Z or g stands in a cent
    /// place after a digit and a point, on the bytes: the cheap test that lets most lines skip the repair.
    private static func mayNeedRepair(_ line: String) -> Bool {
        let bytes = line.utf8
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        var suspect = false, anySuspect = false, otherScript = false
        for byte in bytes {
            // Digits of other scripts ("O٣") are no ASCII bytes: a line with them and a suspect letter takes the careful path.
            if byte >= 0x80 { otherScript = true }
            let isNumeric = (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")
            let isSuspect = byte == UInt8(ascii: "O") || byte == UInt8(ascii: "o") || byte == UInt8(ascii: "l")
                || byte == UInt8(ascii: "I") || byte == UInt8(ascii: "|")
            if (isSuspect && (0x30...0x39).contains(previous)) || (suspect && isNumeric) { return true }
            if isSuspect, previous == UInt8(ascii: ".") || previous == UInt8(ascii: ",") { return true }
            if byte == UInt8(ascii: "B") || byte == UInt8(ascii: "S") || byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "g") {
                let isPoint = { (byte: UInt8) in byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") }
                if (0x30...0x39).contains(previous) && isPoint(beforePrevious) || isPoint(previous) && (0x30...0x39).contains(beforePrevious) {
                    return true
                }
            }
            beforePrevious = previous
            suspect = isSuspect
            anySuspect = anySuspect || isSuspect
            previous = byte
        }
        return otherScript && anySuspect
    }
}
