import Foundation

/// The words of a line's label, normalised for keyword tests: upper-case letters,
/// digits OCR'd into words mapped back (T0TAL → TOTAL, 8HD → BHD), umlauts folded (ZURÜCK → ZURUECK),
/// other accents dropped (ESPÈCES → ESPECES).
/// A class, though immutable: labels are handed around for every line, and a struct
/// of five arrays and strings cost five retains and releases per copy.
final class LineLabel: Sendable {
    let words: [String]
    /// All words joined without spaces, to catch "SUB TOTAL" / "SUBTOTAL" alike.
    let compact: String
    // The same as UTF-8 bytes: keyword tests run for every line against a hundred phrases,
    // and comparing bytes is many times cheaper than comparing graphemes.
    private let wordBytes: [[UInt8]]
    private let compactBytes: [UInt8]
    /// Where each word begins in `compactBytes`, and where a phrase may begin: also after a count OCR glued to
    /// the word ("8BALANCEDUE" for "8 BALANCE DUE"; its 8 read as a B, as in "8HD").
    private let wordStarts: [Int]
    private let phraseStarts: [Int]
    /// Whether all words are ASCII, so that byte counts are letter counts.
    private let isASCII: Bool
    // Bit n set for a word of n bytes (63 for longer ones), and the words' `KeywordPhrase.byteBits`: most of
    // the hundred phrases tested on every line are ruled out by them without comparing bytes.
    private let wordLengths: UInt64
    private let bytesHeld: UInt64

    init(_ text: String) {
        // OCR reads a lower-case l as "!" or "|" ("Tota! Incl. of GST").
        // The regular expression and the folds run only when needed: labels are built for every line, often.
        let repaired = text.utf8.contains(where: { $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "|") }) ? Self.ellsRepaired(text) : text
        var folded = repaired.uppercased()
        var gluedCounts: [Int] = []
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            (words, gluedCounts) = Self.asciiWords(folded)
        } else {
            folded = Self.replacing([("Ü", "UE"), ("Ä", "AE"), ("Ö", "OE"), ("ß", "SS")], in: folded)
                // Other accents go, as keywords are written without them (ESPÈCES, GOTÓWKA, VRÁCENO).
                .folding(options: .diacriticInsensitive, locale: nil)
            folded = Self.replacing([("Ł", "L")], in: folded)
            words = folded
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { word in
                    // A digit among letters is an OCR slip: "T0TAL", "SUBT0TAL".
                    let letters = word.filter(\.isLetter).count
                    guard letters >= 2, letters < word.count, !Self.isCountAndUnit(Array(word.utf8)) else { return String(word) }
                    return String(word.map { Self.lookalikes[$0] ?? $0 })
                }
        }
        compact = words.joined()
        wordBytes = words.map { Array($0.utf8) }
        compactBytes = Array(compact.utf8)
        isASCII = compactBytes.allSatisfy { $0 < 0x80 }
        wordStarts = wordBytes.reduce(into: [0]) { starts, word in starts.append(starts.last! + word.count) }.dropLast()
        phraseStarts = gluedCounts.isEmpty ? wordStarts
            : zip(wordStarts, gluedCounts).flatMap { start, count in count > 0 ? [start, start + count] : [start] }
        wordLengths = wordBytes.reduce(0) { $0 | Self.lengthBit($1.count) }
        bytesHeld = KeywordPhrase.byteBits(compactBytes)
    }

    /// Each letter replaced by its spelling, asking Foundation only about letters the text may hold:
    /// their bytes, or a combining mark's (0xCC, 0xCD), by which a letter may be written in two.
    /// A Foundation search cost as much as reading the rest of a line that is not ASCII.
    private static func replacing(_ letters: [(letter: String, spelling: String)], in text: String) -> String {
        let bytes = Array(text.utf8)
        let composed = bytes.contains { $0 == 0xCC || $0 == 0xCD }
        return letters.reduce(text) { text, entry in
            composed || KnownMerchant.bytes(bytes, contain: Array(entry.letter.utf8))
                ? text.replacingOccurrences(of: entry.letter, with: entry.spelling) : text
        }
    }

    private static func lengthBit(_ count: Int) -> UInt64 {
        1 << min(count, 63)
    }

    /// The `lengthBit`s of the ASCII words `mayMatch` lets through for a keyword of `count` bytes.
    private static func lengthBits(near count: Int) -> UInt64 {
        count >= 5 ? lengthBit(count - 1) | lengthBit(count) | lengthBit(count + 1) : lengthBit(count)
    }

    /// Each "!" or "|" after a letter as the "l" it was printed as. On the bytes when the characters before them are ASCII:
    /// the regular expression cost a fifth of building a label.
    static func ellsRepaired(_ text: String) -> String {
        let original = Array(text.utf8)
        var bytes = original
        for index in original.indices.dropFirst() where original[index] == UInt8(ascii: "!") || original[index] == UInt8(ascii: "|") {
            let previous = original[index - 1]
            guard previous < 0x80 else {
                return text.replacingOccurrences(of: #"(?<=\p{L})[!|]"#, with: "l", options: .regularExpression)
            }
            if previous.isASCIILetter { bytes[index] = UInt8(ascii: "l") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let lookalikes: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B"]

    /// A pack size or count glued to its unit ("5ST", "10STK", "6PK", "500ML") is a number, not a word OCR
    /// misread: read as letters, "5ST" became "SST", Malaysia's tax, and made a product line a tax line.
    static func isCountAndUnit(_ word: [UInt8]) -> Bool {
        let digits = word.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return false }
        return countUnits.contains(String(decoding: word.dropFirst(digits.count), as: UTF8.self))
    }

    /// Units of measure printed glued to a number ("3.78L", "500ML").
    static let measureUnits: Set<String> = ["L", "ML", "CL", "KG", "G", "OZ", "LB", "LBS", "M", "CM", "MM"]
    // Counts are printed with their pack's word too ("5ST", "6PK", "10ER").
    private static let countUnits = measureUnits.union(["ST", "STK", "PK", "PCS", "PC", "ER", "CT"])

    /// The same words for ASCII text, on bytes: most lines are ASCII, and character-wise
    /// splitting was a quarter of the parse.
    /// The words, and for each the digits of a count glued before its letters (or 0; an empty list when no word has one).
    private static func asciiWords(_ upper: String) -> (words: [String], gluedCounts: [Int]) {
        var words: [String] = []
        var gluedCounts: [Int] = []
        var word: [UInt8] = []
        /// - Parameter next: the byte that ends the word (nil at the line's end).
        func flush(before next: UInt8?) {
            guard !word.isEmpty else { return }
            let letters = word.filter { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }.count
            // A count glued before a word: one to three digits, then six letters or more and nothing else.
            let digits = word.prefix { $0.isASCIIDigit }.count
            let glued = (1...3).contains(digits) && word.count - digits == letters && letters >= 6 ? digits : 0
            if glued > 0 || !gluedCounts.isEmpty {
                gluedCounts += Array(repeating: 0, count: words.count - gluedCounts.count) + [glued]
            }
            // A short name glued to its rate keeps the rate's digits ("TPS5%", "TVQ9,975%", "HST13.0000 %"): they are no
            // letters. ("HALD1" alone is HALDI.)
            let trailing = word.reversed().prefix { $0.isASCIIDigit }.count
            let nameAndRate = (2...4).contains(letters) && (1...2).contains(trailing) && letters + trailing == word.count
                && [UInt8(ascii: "%"), UInt8(ascii: ","), UInt8(ascii: ".")].contains(next)
            if letters >= 2, letters < word.count, !nameAndRate, !Self.isCountAndUnit(word) {
                word = word.map { byte in
                    switch byte {
                    case UInt8(ascii: "0"): UInt8(ascii: "O")
                    case UInt8(ascii: "1"): UInt8(ascii: "I")
                    case UInt8(ascii: "5"): UInt8(ascii: "S")
                    case UInt8(ascii: "8"): UInt8(ascii: "B")
                    default: byte
                    }
                }
            }
            words.append(String(decoding: word, as: UTF8.self))
            word.removeAll(keepingCapacity: true)
        }
        for byte in upper.utf8 {
            let isAlphanumeric = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            if isAlphanumeric { word.append(byte) } else { flush(before: byte) }
        }
        flush(before: nil)
        return (words, gluedCounts)
    }

    /// True when the label contains `phrase` ("GRAND TOTAL"), tolerating one OCR slip per
    /// long word and missing spaces.
    func has(_ phrase: String) -> Bool {
        has(KeywordPhrase(phrase))
    }

    func has(_ phrase: KeywordPhrase) -> Bool {
        let parts = phrase.parts
        // Each slip loses the label at most one of the phrase's bytes.
        let missing = (phrase.bytesHeld & ~bytesHeld).nonzeroBitCount
        if missing == 0, hasExactly(phrase) { return true }
        // East Asian words ("合計", "お釣") are matched as spelled: one slip in two characters is another word.
        guard missing <= phrase.slips, parts.count <= words.count, !parts.isEmpty, phrase.isASCII else { return false }
        // Plain loops and a length test first: this runs for every line against a hundred
        // phrases, and most word pairs differ in length by more than one OCR slip allows.
        let ascii = isASCII && phrase.isASCII
        if ascii, !parts.allSatisfy({ wordLengths & Self.lengthBits(near: $0.count) != 0 }) { return false }
        windows: for start in 0...(words.count - parts.count) {
            for index in 0..<parts.count {
                let word = wordBytes[start + index], part = parts[index]
                if ascii, !Self.mayMatch(word, part) { continue windows }
                if !TextSimilarity.wordMatches(word, part) { continue windows }
            }
            return true
        }
        return false
    }

    /// Whether the words joined without spaces hold `bytes` (a name's `compact` as UTF-8) anywhere.
    func compactHolds(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty, compactBytes.count >= bytes.count else { return false }
        for start in 0...(compactBytes.count - bytes.count) where compactBytes[start] == bytes[0] {
            if compactBytes[start..<(start + bytes.count)].elementsEqual(bytes) { return true }
        }
        return false
    }

    /// True when the label contains `phrase` as spelled, spaces or not, from the start of a word:
    /// glued words count ("TOTALAMOUNT" has "TOTAL"), but "INDISCHES CHICKEN" has no "DISC".
    func hasExactly(_ phrase: KeywordPhrase) -> Bool {
        let joined = phrase.joined
        guard let first = joined.first, phrase.bytesHeld & ~bytesHeld == 0 else { return false }
        for start in phraseStarts where compactBytes[start] == first && start + joined.count <= compactBytes.count {
            if compactBytes[start..<(start + joined.count)].elementsEqual(joined) { return true }
        }
        return false
    }

    /// False when an ASCII word cannot be an ASCII keyword by `TextSimilarity.wordMatches`:
    /// lengths more than one apart, or a short keyword (matched exactly) of another length.
    private static func mayMatch(_ word: [UInt8], _ keyword: ArraySlice<UInt8>) -> Bool {
        let gap = word.count - keyword.count
        return keyword.count >= 5 ? (-1...1).contains(gap) : gap == 0
    }

    /// Whether a word begins with `key` ("LIDL" in "WWW LIDL DE", "LIDLPLUS").
    func hasWordStarting(with key: [UInt8]) -> Bool {
        wordBytes.contains { $0.starts(with: key) }
    }

    /// Whether `key` appears anywhere in the words run together ("NOFRILLS" in "NOFRILLSSTORE").
    func compactContains(_ key: [UInt8]) -> Bool {
        KnownMerchant.bytes(compactBytes, contain: key)
    }

    func hasAny(_ list: PhraseList) -> Bool {
        // A phrase whose bytes the label lacks, more of them than its slips forgive, is one `has` rejects: ruled out here.
        for index in list.phrases.indices where (list.bytesHeld[index] & ~bytesHeld).nonzeroBitCount <= list.slips[index] {
            if has(list.phrases[index]) { return true }
        }
        return false
    }

    /// `hasAny` for labels that rule a line out, with `wordIndices(closeTo:)`'s rule: a phrase of five letters or
    /// fewer must be spelled as it is ("PRIMO SPAGHETTI" is no "PROMO").
    func hasAny(closeTo list: PhraseList) -> Bool {
        list.phrases.contains { $0.joined.count > 5 ? has($0) : hasExactly($0) }
    }

    /// True when one word is `keyword` (a one-word phrase) but for one OCR slip (`TextSimilarity.wordMatches`),
    /// compared on prepared bytes: keyword lists are tested on many lines.
    func hasWordMatching(_ keyword: KeywordPhrase) -> Bool {
        firstWord(matching: keyword, from: 0) != nil
    }

    /// Indices of the words that are `keyword` but for one OCR slip, as `hasWordMatching` finds them.
    func wordIndices(matching keyword: KeywordPhrase) -> [Int] {
        var found: [Int] = []
        while let index = firstWord(matching: keyword, from: (found.last ?? -1) + 1) { found.append(index) }
        return found
    }

    /// `wordIndices(matching:)` for labels that rule a line out: a keyword of five letters or fewer
    /// must be spelled as it is, because one slip turns such words into products ("BOOSTER CABLE"
    /// is no "TABLE", a "TASSE" no "KASSE").
    func wordIndices(closeTo keyword: KeywordPhrase) -> [Int] {
        keyword.joined.count > 5 ? wordIndices(matching: keyword) : wordBytes.indices.filter { wordBytes[$0].elementsEqual(keyword.joined) }
    }

    /// Whether a word is `keyword` as `wordIndices(closeTo:)` finds them; without building the list.
    func hasWord(closeTo keyword: KeywordPhrase) -> Bool {
        guard keyword.joined.count <= 5 else { return hasWordMatching(keyword) }
        return wordLengths & Self.lengthBit(keyword.joined.count) != 0 && wordBytes.contains { $0.elementsEqual(keyword.joined) }
    }

    private func firstWord(matching keyword: KeywordPhrase, from start: Int) -> Int? {
        let bytes = keyword.joined[...]
        let ascii = isASCII && keyword.isASCII
        if ascii, wordLengths & Self.lengthBits(near: bytes.count) == 0 { return nil }
        if keyword.isASCII, (keyword.bytesHeld & ~bytesHeld).nonzeroBitCount > KeywordPhrase.slips(bytes.count) { return nil }
        for index in start..<max(start, wordBytes.count) where !ascii || Self.mayMatch(wordBytes[index], bytes) {
            if TextSimilarity.wordMatches(wordBytes[index], bytes) { return index }
        }
        return nil
    }

    /// True when a whole word equals `word` exactly (for short keywords like "TIP", "BAR").
    func hasWord(_ word: String) -> Bool {
        words.contains(word)
    }

    /// `hasWord` for a one-word keyword tested on many lines.
    func hasWord(_ keyword: KeywordPhrase) -> Bool {
        // Equal ASCII strings have equal byte counts; others may not ("K" and the Kelvin sign are equal).
        if isASCII, keyword.isASCII, wordLengths & Self.lengthBit(keyword.text.utf8.count) == 0 { return false }
        return words.contains(keyword.text)
    }
}
