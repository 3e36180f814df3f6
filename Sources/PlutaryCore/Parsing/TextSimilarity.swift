import Foundation

/// Edit-distance helpers to accept OCR-garbled keywords ("TOTAI", "SUBT0TAL").
enum TextSimilarity {
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
    /// letter from five letters on ("TOTAI"), one missing or extra letter from seven on
    /// (so "NETT" does not pass for "NETTO").
    static func wordMatches(_ word: String, _ keyword: String) -> Bool {
        if word == keyword { return true }
        guard keyword.count >= 5 else { return false }
        if word.count == keyword.count { return zip(word, keyword).filter { $0 != $1 }.count <= 1 }
        guard keyword.count >= 7, abs(word.count - keyword.count) == 1 else { return false }
        return editDistance(word, keyword) <= 1
    }
}
