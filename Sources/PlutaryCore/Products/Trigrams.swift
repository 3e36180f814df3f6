/// The character trigrams of a text padded with spaces ("  a", " ab", "abc"…),
/// for fuzzy matching that survives OCR slips and reordered words.
public struct Trigrams: Hashable, Sendable {
    public let grams: Set<String>

    public init(_ text: String) {
        let chars = Array("  " + text + " ")
        var grams = Set<String>()
        if chars.count >= 3 {
            for index in 0...(chars.count - 3) { grams.insert(String(chars[index..<index + 3])) }
        }
        self.grams = grams
    }

    /// Dice coefficient: 1 for the same trigrams, 0 for none shared.
    public func similarity(to other: Trigrams) -> Double {
        let total = grams.count + other.grams.count
        guard total > 0 else { return 1 }
        return 2 * Double(grams.intersection(other.grams).count) / Double(total)
    }
}
