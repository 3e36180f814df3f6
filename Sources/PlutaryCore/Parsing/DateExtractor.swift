import Foundation

/// Finds purchase-date candidates in every common format and resolves day/month order:
/// unambiguous dates decide first, then the merchant's known format, then the locale
/// (US month-first, elsewhere day-first).
enum DateExtractor {
    // A date's last number may run into the time printed after it when OCR drops the space:
    // "2018-01-0522:55:25" is the 5th at 22:55.
    private static let yearFirst = Pattern(#"(?<!\d)((?:19|20)\d{2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?:(?!\d)|(?=\d{2}:\d{2}))"#, needsOneOf: "-/.", digitRun: 4,
                                          digitRunAtMost: 4)
    // Both separators must be the same, so "#19- 18/01/2018" yields 18/01/2018.
    // The year may run into the time too: a four-digit one ("18/03/201823:02:16") or a two-digit
    // one ("02.03.2015:59" is 02.03.20 at 15:59: no time is written ":59").
    // Japanese, Chinese and Korean dates name their parts: "2024年 3月 5日(火)", "2023년 5월 1일" (groups as in `yearFirst`).
    private static let namedParts = Pattern(#"(?<!\d)((?:19|20)\d{2})\s?([年년])\s?(\d{1,2})\s?[月월]\s?(\d{1,2})\s?[日일]"#, needsOneOf: Pattern.digits, digitRun: 4, digitRunAtMost: 4)
    private static let numeric = Pattern(#"(?<![\d.,])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}(?=\d{1,2}:\d{2})|\d{2}(?=\d{2}:\d{2})|(?:\d{4}|\d{2})(?![\d]|[.,]\d))"#, needsOneOf: "-/.", digitRun: 2)
    // Spanish and Portuguese join the parts with "de": "16 de marzo de 2024", "5 de março de 2023".
    private static let dayMonthName = Pattern(#"(?<!\d)(\d{1,2})(?:ST|ND|RD|TH)?[\s\-/.]{0,2}(?:DE\s)?([A-ZÄÖÜÉÛÇÅØ]{3,10})\.?[\s\-/.,]{0,3}(?:DEL?\s)?((?:19|20)?\d{2})(?!\d)"#, needsOneOf: Pattern.digits, digitRun: 2)
    private static let monthNameDay = Pattern(#"(?<![A-Z])([A-ZÄÖÜÉÛÇÅØ]{3,10})\.?\s?(\d{1,2})(?:ST|ND|RD|TH)?,?\s?((?:19|20)\d{2})(?!\d)"#, needsOneOf: Pattern.digits, digitRun: 4,
                                            digitRunAtMost: 6)
    /// Eight digits with no separators ("27032018", "20180304"), as some tills print the day:
    /// a weak candidate (`compact`), taken only when no separated date is found.
    private static let compact = Pattern(#"(?<![\dA-Z\-/.,#])(\d{8})(?![\dA-Z\-/.,])"#, needsOneOf: Pattern.digits, digitRun: 8,
                                         digitRunAtMost: 8)
    // A day and month with one separator read as a space: "05 02-18" or "05-02 18".
    private static let spacedSeparator = Pattern(#"(?<![\d.,:/-])(?:(\d{1,2}) (\d{1,2})([-/.])|(\d{1,2})([-/.])(\d{1,2}) )(\d{4}|\d{2})(?![\d:]|[.,]\d)"#, needsOneOf: Pattern.digits, digitRun: 2)
    // Also a time OCR glued to the date's year ("01/18/202409:27AM", "09/14/2410:02AM"), as `numeric` reads such dates.
    private static let time = Pattern(#"(?<!\d)\d{1,2}:\d{2}|(?<=[-/.]\d{2}|[-/.]\d{4})\d{2}:\d{2}"#, needsOneOf: ":", digitRun: 2)
    private static let labelWords = ["DATE", "DATUM", "TARIKH", "DATE/TIME", "FECHA"]
    private static let notPurchaseWords: [KeywordPhrase] = ["EXP", "EXPIRY", "EXPIRES", "VALID", "GUELTIG", "BEST BEFORE", "RETURN BY",
                                           "MHD", "BIS", "DUE DATE", "PETITION",
                                           "THRU",   // "RETURNS WITH RECEIPT THRU 03/18/2024"
                                           // A deadline and an expiry in Spanish, Italian and Portuguese ("Fecha límite para
                                           // facturar: 31/03/2024", "fecha de vencimiento", "scadenza", "validade").
                                           "LIMITE", "VENCIMIENTO", "SCADENZA", "VALIDADE"]
    private static let months: [String: Int] = [
        "JAN": 1, "JANUARY": 1, "JANUAR": 1, "JANV": 1, "JANVIER": 1, "FEB": 2, "FEBRUARY": 2, "FEBRUAR": 2, "FEV": 2,
        "FEVR": 2, "FÉVR": 2, "MAR": 3, "MARCH": 3, "MÄR": 3, "MRZ": 3, "MÄRZ": 3, "MARS": 3, "APR": 4, "APRIL": 4,
        "AVR": 4, "AVRIL": 4, "MAY": 5, "MAI": 5, "JUN": 6, "JUNE": 6, "JUNI": 6, "JUIN": 6, "JUL": 7, "JULY": 7,
        "JULI": 7, "JUIL": 7, "AUG": 8, "AUGUST": 8, "AOUT": 8, "AOÛT": 8, "SEP": 9, "SEPT": 9, "SEPTEMBER": 9,
        "OCT": 10, "OCTOBER": 10, "OKT": 10, "OKTOBER": 10, "NOV": 11, "NOVEMBER": 11, "DEC": 12, "DECEMBER": 12,
        "DEZ": 12, "DEZEMBER": 12, "DÉC": 12,
        // Austria's January; Spanish, Italian, Portuguese, Dutch and the Nordic languages' names and short forms
        // where they differ from the above.
        "JÄNNER": 1, "JÄN": 1, "ENE": 1, "ENERO": 1, "GEN": 1, "GENNAIO": 1, "JANEIRO": 1, "JANUARI": 1,
        "FEBRERO": 2, "FEBBRAIO": 2, "FEVEREIRO": 2, "FEBRUARI": 2, "MARZO": 3, "MARÇO": 3, "MAART": 3, "MARTS": 3,
        "ABR": 4, "ABRIL": 4, "APRILE": 4, "MAYO": 5, "MAG": 5, "MAGGIO": 5, "MAIO": 5, "MEI": 5, "MAJ": 5,
        "JUNIO": 6, "GIU": 6, "GIUGNO": 6, "JUNHO": 6, "JULIO": 7, "LUG": 7, "LUGLIO": 7, "JULHO": 7,
        "AGO": 8, "AGOSTO": 8, "AUGUSTUS": 8, "AUGUSTI": 8, "SEPTIEMBRE": 9, "SETIEMBRE": 9, "SET": 9, "SETTEMBRE": 9,
        "SETEMBRO": 9, "OTT": 10, "OTTOBRE": 10, "OCTUBRE": 10, "OUT": 10, "OUTUBRO": 10, "NOVIEMBRE": 11,
        "NOVEMBRE": 11, "NOVEMBRO": 11, "DIC": 12, "DICIEMBRE": 12, "DICEMBRE": 12, "DEZEMBRO": 12,
    ]

    /// Every date in the text, each with the features `ScoringWeights.date` weighs (see
    /// `features`); `confidence` is a hand-set prior kept for callers that read candidates alone.
    /// - Parameter preferredOrder: the order used for ambiguous dates when the receipt itself does not tell.
    static func candidates(in text: ReceiptText, preferredOrder: DateOrder) -> [FieldCandidate<String>] {
        typealias Found = (day: Int, month: Int, year: Int, confidence: Double, line: Int, reason: String, features: [String: Double])
        var found: [Found] = []
        var ambiguous: [(a: Int, b: Int, year: Int, confidence: Double, line: Int, features: [String: Double])] = []
        var unambiguousOrder: DateOrder?
        var previousLabelled = false

        for (index, original) in text.upperLines.enumerated() {
            let line = AmountScanner.repairDigits(original)
            // The text's own label, unless digits were repaired on this line.
            let label = line == original ? text.labels[index] : LineLabel(line)
            var confidence = 0.6
            var lineFeatures: [String: Double] = [:]
            let labelled = labelWords.contains(where: label.hasWord)
            defer { previousLabelled = labelled && label.words.count <= 2 }
            if labelled { confidence += 0.2; lineFeatures["label"] = 1 }
            // "Date:" alone on a line, its value on the next.
            if previousLabelled { lineFeatures["label_above"] = 1 }
            if time.isMatched(by: line) { confidence += 0.1; lineFeatures["time"] = 1 }
            if notPurchaseWords.contains(where: { $0.parts.count > 1 ? label.has($0) : label.hasWord($0) }) {
                confidence -= 0.4
                lineFeatures["not_purchase_label"] = 1
            }
            // Where it sits: purchase dates head or foot the receipt, rarely its middle.
            let position = Double(index) / Double(max(1, text.lines.count - 1))
            lineFeatures["from_edge"] = min(position, 1 - position) * 2

            var consumed: [Range<Int>] = []
            // What every match of the year-first and month-name dates holds, looked for on the bytes first.
            let bytes = Array(line.utf8)
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            for match in (!ascii || mayHoldYear(bytes, longest: 4) ? yearFirst.matches(in: line) : []) + namedParts.matches(in: line) {
                guard let y = Int(match[1] ?? ""), let m = Int(match[3] ?? ""), let d = Int(match[4] ?? "") else { continue }
                found.append((d, m, y, confidence, index, "year-first date", lineFeatures.merging(["year_first": 1]) { $1 }))
                consumed.append(match.location..<(match.location + match.length))
            }
            /// Reads the numeric dates in `text`: the line, or a date `repaired` from it (not checked
            /// against the line's year-first dates, and marked as the weak form it is). Whether it found one.
            func readNumeric(_ text: String, repaired: Bool) -> Bool {
                var read = false
                for match in mayHoldNumericDate(text) ? numeric.matches(in: text) : [] {
                    let range = match.location..<(match.location + match.length)
                    guard repaired || !consumed.contains(where: { $0.overlaps(range) }),
                          let a = Int(match[1] ?? ""), let b = Int(match[3] ?? ""), let y = fullYear(match[4] ?? "") else { continue }
                    read = true
                    let twoDigit = (match[4]?.count ?? 0) == 2
                    let twoDigitPenalty = twoDigit ? 0.05 : 0
                    var features = twoDigit ? lineFeatures.merging(["two_digit_year": 1]) { $1 } : lineFeatures
                    if repaired { features["space_separator"] = 1 }
                    if a > 12, b <= 12 {
                        found.append((a, b, y, confidence - twoDigitPenalty, index, "day-first date", features))
                        unambiguousOrder = unambiguousOrder ?? .dayFirst
                        // Or a year first, as Loblaw's tills print it ("24/10/27" for 2024-10-27): a weak reading,
                        // taken where the day-first one is in the future or no date at all.
                        if twoDigit {
                            found.append((y % 100, b, 2000 + a, confidence - 0.3, index, "two-digit year-first date",
                                          features.merging(["two_digit_year_first": 1]) { $1 }))
                        }
                    } else if b > 12, a <= 12 {
                        found.append((b, a, y, confidence - twoDigitPenalty, index, "month-first date", features))
                        unambiguousOrder = unambiguousOrder ?? .monthFirst
                    } else if match[2] == "." {
                        // Dotted dates are a European habit: day first.
                        found.append((a, b, y, confidence - twoDigitPenalty, index, "dotted date", features))
                    } else {
                        ambiguous.append((a, b, y, confidence - twoDigitPenalty - 0.05, index, features.merging(["ambiguous_order": 1]) { $1 }))
                    }
                }
                return read
            }
            // OCR may read one of a date's two separators as a space ("05 02-18"): taken on a line that
            // has a time or a date label, with its other separator for both.
            if !readNumeric(line, repaired: false), lineFeatures["time"] != nil || lineFeatures["label"] != nil,
               let match = spacedSeparator.firstMatch(in: line),
               let separator = match[3] ?? match[5], let a = match[1] ?? match[4], let b = match[2] ?? match[6], let y = match[7] {
                _ = readNumeric("\(a)\(separator)\(b)\(separator)\(y)", repaired: true)
            }
            for match in compact.matches(in: line) {
                guard let digits = match[1].map(Array.init), digits.count == 8 else { continue }
                func number(_ range: Range<Int>) -> Int { Int(String(digits[range]))! }
                let features = lineFeatures.merging(["compact": 1]) { $1 }
                if isoDate(day: number(6..<8), month: number(4..<6), year: number(0..<4)) != nil {
                    found.append((number(6..<8), number(4..<6), number(0..<4), confidence - 0.3, index, "compact year-first date", features))
                    continue
                }
                let (a, b, y) = (number(0..<2), number(2..<4), number(4..<8))
                if a > 12 || b > 12 {
                    let (day, month) = a > 12 ? (a, b) : (b, a)
                    found.append((day, month, y, confidence - 0.3, index, "compact date", features))
                } else {
                    ambiguous.append((a, b, y, confidence - 0.35, index, features.merging(["ambiguous_order": 1]) { $1 }))
                }
            }
            for match in !ascii || mayHoldDayAndMonthName(bytes) ? dayMonthName.matches(in: line) : [] {
                guard let d = Int(match[1] ?? ""), let m = month(match[2]), let y = fullYear(match[3] ?? "") else { continue }
                found.append((d, m, y, confidence, index, "month-name date", lineFeatures.merging(["month_name": 1]) { $1 }))
            }
            for match in !ascii || mayHoldYear(bytes, longest: 6) ? monthNameDay.matches(in: line) : [] {
                guard let m = month(match[1]), let d = Int(match[2] ?? ""), let y = fullYear(match[3] ?? "") else { continue }
                found.append((d, m, y, confidence, index, "month-name date", lineFeatures.merging(["month_name": 1]) { $1 }))
            }
        }
        let order = unambiguousOrder ?? preferredOrder
        for date in ambiguous {
            let (day, month) = order == .dayFirst ? (date.a, date.b) : (date.b, date.a)
            found.append((day, month, date.year, date.confidence, date.line,
                          "ambiguous date read \(order == .dayFirst ? "day" : "month") first", date.features))
        }
        // A date after tomorrow is an OCR slip ("18.04.2027" for 2020); kept, but below any plausible one.
        let next = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date().addingTimeInterval(86_400))
        let tomorrow = String(format: "%04d-%02d-%02d", next.year ?? 0, next.month ?? 0, next.day ?? 0)
        let dated = found.compactMap { date in isoDate(day: date.day, month: date.month, year: date.year).map { ($0, date) } }
        var lines: [String: Set<Int>] = [:]
        for (iso, date) in dated { lines[iso, default: []].insert(date.line) }
        return dated.map { iso, date in
            var features = date.features
            let future = iso > tomorrow
            if future { features["future"] = 1 }
            // The same date printed twice (header and card slip) is rarely two misreads.
            if let count = lines[iso]?.count, count > 1 { features["repeated"] = 1 }
            let confidence = future ? date.confidence - 0.4 : date.confidence
            return FieldCandidate(value: iso, confidence: max(0.05, min(1, confidence)), lineIndex: date.line, reason: date.reason,
                                  features: features)
        }
    }

    /// Whether ASCII text holds one or two digits, a separator, one or two digits and the same separator again,
    /// with at most one white space before and after each separator, as every `numeric` date does. On the bytes:
    /// prices hold the separator and the digits too, and ICU tried the expression at every digit of their lines.
    /// Text with other characters always may: its white space and digits may be other characters.
    private static func mayHoldNumericDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return true }
        /// The end of the digits from `start`, if there are one or two.
        func number(from start: Int) -> Int? {
            var end = start
            while end < bytes.count, bytes[end].isASCIIDigit { end += 1 }
            return (1...2).contains(end - start) ? end : nil
        }
        /// The index after the separator at `index` (after one white space), if `separator` (any of "-/." when nil) is there.
        func separator(at index: Int, _ separator: UInt8?) -> Int? {
            let at = index < bytes.count && bytes[index].isASCIIWhitespace ? index + 1 : index
            guard at < bytes.count, separator.map({ bytes[at] == $0 }) ?? "-/.".utf8.contains(bytes[at]) else { return nil }
            return at + 1
        }
        for start in bytes.indices where bytes[start].isASCIIDigit && (start == 0 || !bytes[start - 1].isASCIIDigit) {
            guard let first = number(from: start), let afterFirst = separator(at: first, nil) else { continue }
            let secondStart = afterFirst < bytes.count && bytes[afterFirst].isASCIIWhitespace ? afterFirst + 1 : afterFirst
            if let second = number(from: secondStart), separator(at: second, bytes[afterFirst - 1]) != nil { return true }
        }
        return false
    }

    // The tests below read ASCII text, whose white space, digits and letters are all ASCII: prices, codes and phone
    // numbers hold a date's digits, and ICU tried each date expression at every digit or letter of their lines.

    /// Whether a run of four to `longest` digits, with no digit beside it, ends in four beginning "19" or "20": the year
    /// that ends the run of digits in every `yearFirst` (four) and `monthNameDay` (six: a day glued on) date.
    private static func mayHoldYear(_ bytes: [UInt8], longest: Int) -> Bool {
        var start = 0
        while start < bytes.count {
            guard bytes[start].isASCIIDigit else { start += 1; continue }
            var end = start
            while end < bytes.count, bytes[end].isASCIIDigit { end += 1 }
            if (4...longest).contains(end - start), bytes[end - 4] == UInt8(ascii: "1") && bytes[end - 3] == UInt8(ascii: "9")
                || bytes[end - 4] == UInt8(ascii: "2") && bytes[end - 3] == UInt8(ascii: "0") {
                return true
            }
            start = end
        }
        return false
    }

    /// Whether one or two digits, with no digit before them, then perhaps "ST", "ND", "RD" or "TH", at most two white spaces,
    /// "-", "/" or ".", three letters or more, perhaps a point and at most three white spaces, "-", "/", "." or ",", and a
    /// digit stand in a row, as in every `dayMonthName` date.
    private static func mayHoldDayAndMonthName(_ bytes: [UInt8]) -> Bool {
        let isSeparator = { (byte: UInt8) in "-/.".utf8.contains(byte) || byte.isASCIIWhitespace }
        /// The index after at most `count` bytes from `index` that `test` holds for.
        func skip(_ count: Int, from index: Int, _ test: (UInt8) -> Bool) -> Int {
            var end = index
            while end < bytes.count, end - index < count, test(bytes[end]) { end += 1 }
            return end
        }
        /// The index after "de " or "del " at `index` (Spanish and Portuguese dates), else `index`.
        func skipJoiner(at index: Int) -> Int {
            let letters = skip(3, from: index, \.isASCIILetter)
            guard (2...3).contains(letters - index), bytes[index] | 0x20 == UInt8(ascii: "d"), bytes[index + 1] | 0x20 == UInt8(ascii: "e"),
                  letters - index == 2 || bytes[index + 2] | 0x20 == UInt8(ascii: "l"),
                  letters < bytes.count, bytes[letters].isASCIIWhitespace else { return index }
            return letters + 1
        }
        /// Whether three letters or more start at `index` (after the separators there), and a digit follows them.
        func monthAndYear(from index: Int) -> Bool {
            let letters = skipJoiner(at: skip(2, from: index, isSeparator))
            let end = skip(.max, from: letters, \.isASCIILetter)
            guard end - letters >= 3 else { return false }
            let year = skipJoiner(at: skip(4, from: end) { $0 == UInt8(ascii: ",") || isSeparator($0) })
            return year < bytes.count && bytes[year].isASCIIDigit
        }
        let suffixes: Set<[UInt8]> = [Array("ST".utf8), Array("ND".utf8), Array("RD".utf8), Array("TH".utf8)]
        for start in bytes.indices where bytes[start].isASCIIDigit && (start == 0 || !bytes[start - 1].isASCIIDigit) {
            let end = skip(.max, from: start, \.isASCIIDigit)
            guard end - start <= 2 else { continue }
            if monthAndYear(from: end) { return true }
            if end + 2 <= bytes.count, suffixes.contains(bytes[end..<(end + 2)].map { $0 & ~0x20 }), monthAndYear(from: end + 2) { return true }
        }
        return false
    }

    static func isoDate(day: Int, month: Int, year: Int) -> String? {
        // Receipts are not from the future: a year past next year is an OCR slip ("2048").
        let latestYear = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
        guard (1990...latestYear).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let daysInMonth = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= daysInMonth[month - 1] else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func fullYear(_ text: String) -> Int? {
        guard let value = Int(text) else { return nil }
        return text.count == 2 ? 2000 + value : value
    }

    private static func month(_ name: String?) -> Int? {
        guard let name else { return nil }
        return months[name] ?? months[String(name.prefix(3))].flatMap { name.count <= 4 ? $0 : nil }
    }
}
