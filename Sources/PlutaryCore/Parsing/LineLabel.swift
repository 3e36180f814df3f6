import Foundation

/// The words of a line's label, normalised for keyword tests: upper-case letters,
/// digits OCR'd into words mapped back (T0TAL → TOTAL, 8HD → BHD), umlauts folded (ZURÜCK → ZURUECK).
struct LineLabel: Sendable {
    let words: [String]
    /// All words joined without spaces, to catch "SUB TOTAL" / "SUBTOTAL" alike.
    let compact: String
    /// Where each word begins in `compact`.
    private let wordStarts: [Int]

    init(_ text: String) {
        // OCR reads a lower-case l as "!" or "|" ("Tota! Incl. of GST").
        let repaired = text.replacingOccurrences(of: #"(?<=\p{L})[!|]"#, with: "l", options: .regularExpression)
        let folded = repaired.uppercased()
            .replacingOccurrences(of: "Ü", with: "UE").replacingOccurrences(of: "Ä", with: "AE")
            .replacingOccurrences(of: "Ö", with: "OE").replacingOccurrences(of: "ß", with: "SS")
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
        wordStarts = words.reduce(into: [0]) { starts, word in starts.append(starts.last! + word.count) }.dropLast()
    }

    /// True when the label contains `phrase` ("GRAND TOTAL"), tolerating one OCR slip per
    /// long word and missing spaces.
    func has(_ phrase: String) -> Bool {
        let parts = phrase.split(separator: " ").map(String.init)
        // Glued words count ("TOTALAMOUNT" has "TOTAL"), from the start of a word only:
        // "INDISCHES CHICKEN" has no "DISC".
        let joined = parts.joined()
        if compact.contains(joined), wordStarts.contains(where: { compact.dropFirst($0).hasPrefix(joined) }) { return true }
        guard parts.count <= words.count else { return false }
        for start in 0...(words.count - parts.count) {
            if parts.indices.allSatisfy({ TextSimilarity.wordMatches(words[start + $0], parts[$0]) }) { return true }
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
