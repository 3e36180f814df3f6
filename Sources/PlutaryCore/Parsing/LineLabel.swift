import Foundation

/// The words of a line's label, normalised for keyword tests: upper-case letters,
/// digits OCR'd into words mapped back (T0TAL → TOTAL, 8HD → BHD), umlauts folded (ZURÜCK → ZURUECK).
struct LineLabel: Sendable {
    let words: [String]
    /// All words joined without spaces, to catch "SUB TOTAL" / "SUBTOTAL" alike.
    let compact: String
    // The same as UTF-8 bytes: keyword tests run for every line against a hundred phrases,
    // and comparing bytes is many times cheaper than comparing graphemes.
    private let wordBytes: [[UInt8]]
    private let compactBytes: [UInt8]
    /// Where each word begins in `compactBytes`.
    private let wordStarts: [Int]

    init(_ text: String) {
        // OCR reads a lower-case l as "!" or "|" ("Tota! Incl. of GST").
        // The regular expression and the folds run only when needed: labels are built for every line, often.
        let repaired = text.utf8.contains(where: { $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "|") })
            ? text.replacingOccurrences(of: #"(?<=\p{L})[!|]"#, with: "l", options: .regularExpression) : text
        var folded = repaired.uppercased()
        if !folded.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = folded.replacingOccurrences(of: "Ü", with: "UE").replacingOccurrences(of: "Ä", with: "AE")
                .replacingOccurrences(of: "Ö", with: "OE").replacingOccurrences(of: "ß", with: "SS")
        }
        words = folded
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { word in
                // A digit among letters is an OCR slip: "T0TAL", "SUBT0TAL".
                let letters = word.filter(\.isLetter).count
                guard letters >= 2, letters < word.count else { return String(word) }
                let lookalikes: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B"]
                return String(word.map { lookalikes[$0] ?? $0 })
            }
        compact = words.joined()
        wordBytes = words.map { Array($0.utf8) }
        compactBytes = Array(compact.utf8)
        wordStarts = wordBytes.reduce(into: [0]) { starts, word in starts.append(starts.last! + word.count) }.dropLast()
    }

    /// True when the label contains `phrase` ("GRAND TOTAL"), tolerating one OCR slip per
    /// long word and missing spaces.
    func has(_ phrase: String) -> Bool {
        let bytes = Array(phrase.utf8)
        let parts = bytes.split(separator: UInt8(ascii: " "))
        // Glued words count ("TOTALAMOUNT" has "TOTAL"), from the start of a word only:
        // "INDISCHES CHICKEN" has no "DISC".
        let joined = parts.count == 1 ? bytes : Array(parts.joined())
        let found = wordStarts.contains { start in
            start + joined.count <= compactBytes.count && compactBytes[start..<(start + joined.count)].elementsEqual(joined)
        }
        if found { return true }
        guard parts.count <= words.count else { return false }
        for start in 0...(words.count - parts.count) {
            if parts.indices.allSatisfy({ TextSimilarity.wordMatches(wordBytes[start + $0], parts[$0]) }) { return true }
        }
        return false
    }

    func hasAny(_ phrases: [String]) -> Bool {
        phrases.contains(where: has)
    }

    /// True when a whole word equals `word` exactly (for short keywords like "TIP", "BAR").
    func hasWord(_ word: String) -> Bool {
        words.contains(word)
    }
}
