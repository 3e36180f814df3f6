import Foundation

/// Edit-distance helpers to accept OCR-garbled keywords ("TOTAI", "SUBT0TAL").
enum TextSimilarity {
    static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a), Array(b))
    }

    static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Similarity ratio 0...1 (1 = equal).
    static func ratio(_ a: String, _ b: String) -> Double {
        let longest = max(a.count, b.count)
        return longest == 0 ? 1 : 1 - Double(editDistance(a, b)) / Double(longest)
    }

    /// Whether an OCR word stands for a keyword: exact for short keywords, one wrong
    /// letter from five letters on ("TOTAI") or a lost first letter ("OTAL"), two from ten
    /// ("GESOMTBETROG"), one missing or extra letter from seven on (so "NETT" does not pass for "NETTO").
    static func wordMatches(_ word: String, _ keyword: String) -> Bool {
        wordMatches(Array(word.utf8), Array(keyword.utf8)[...])
    }

    /// The same on UTF-8 bytes, for `LineLabel`'s keyword tests. Letters outside ASCII count
    /// as characters, as above.
    static func wordMatches(_ word: [UInt8], _ keyword: ArraySlice<UInt8>) -> Bool {
        if word.elementsEqual(keyword) { return true }
        guard keyword.count >= 5 else { return false }
        guard word.allSatisfy({ $0 < 0x80 }), keyword.allSatisfy({ $0 < 0x80 }) else {
            return characterWordMatches(String(decoding: word, as: UTF8.self), String(decoding: keyword, as: UTF8.self))
        }
        if word.count == keyword.count {
            // At most one wrong letter; counted without building anything, and stopped at the second.
            let allowed = keyword.count >= 10 ? 2 : 1
            var wrong = 0
            for (a, b) in zip(word, keyword) where a != b {
                wrong += 1
                if wrong > allowed { return false }
            }
            return true
        }
        if word.count == keyword.count - 1, word.count >= 4, keyword.dropFirst().elementsEqual(word) { return true }
        guard keyword.count >= 7, abs(word.count - keyword.count) == 1 else { return false }
        return word.count < keyword.count ? oneLetterMore(keyword, than: word[...]) : oneLetterMore(word[...], than: keyword)
    }

    /// Whether `longer` is `shorter` with one letter added somewhere (edit distance 1 when
    /// the lengths differ by one), in one pass.
    private static func oneLetterMore(_ longer: ArraySlice<UInt8>, than shorter: ArraySlice<UInt8>) -> Bool {
        var long = longer.startIndex, short = shorter.startIndex, skipped = false
        while short < shorter.endIndex {
            if longer[long] == shorter[short] {
                long += 1; short += 1
            } else {
                if skipped { return false }
                skipped = true
                long += 1
            }
        }
        return true
    }

    private static func characterWordMatches(_ word: String, _ keyword: String) -> Bool {
        if word == keyword { return true }
        guard keyword.count >= 5 else { return false }
        if word.count == keyword.count { return zip(word, keyword).filter { $0 != $1 }.count <= (keyword.count >= 10 ? 2 : 1) }
        // OCR loses a first letter next to the edge or a stain ("OTAL" for TOTAL); four letters stay.
        if word.count == keyword.count - 1, word.count >= 4, keyword.hasSuffix(word) { return true }
        guard keyword.count >= 7, abs(word.count - keyword.count) == 1 else { return false }
        return editDistance(word, keyword) <= 1
    }

    /// Letters OCR reads as digits.
    private static let digitLetters: [Character: Character] = ["0": "O", "1": "I", "5": "S", "6": "G", "8": "B"]

    /// A word with the digits OCR makes of letters read back as those letters ("6ST" is "GST", "T8" is "TB").
    static func lettersForDigits(_ word: some StringProtocol) -> String {
        String(word.map { digitLetters[$0] ?? $0 })
    }

    /// Whether a word is one of `keywords` (as bytes, of five letters or more) but for an OCR slip (`wordMatches`).
    static func matchesWithSlip(_ word: some StringProtocol, among keywords: [[UInt8]]) -> Bool {
        let bytes = Array(word.utf8)
        return bytes.count >= 5 && keywords.contains { abs($0.count - bytes.count) <= 1 && wordMatches(bytes, $0[...]) }
    }
}
