import Foundation

/// A keyword phrase ("GRAND TOTAL") prepared once for `LineLabel.has`: its words and their
/// concatenation as UTF-8 bytes. The classifier tests a hundred phrases on every line, so
/// splitting them there each time cost more than the tests themselves. A class, though
/// immutable: iterating a list of structs of three arrays retained and released each array
/// of each phrase on every line, a quarter of the parse.
final class KeywordPhrase: Sendable, ExpressibleByStringLiteral {
    let text: String
    let parts: [ArraySlice<UInt8>]
    let joined: [UInt8]
    let isASCII: Bool
    /// The `byteBits` of `joined`.
    let bytesHeld: UInt64
    /// How many slips `TextSimilarity.wordMatches` forgives in all the words together.
    let slips: Int

    init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        parts = bytes.split(separator: UInt8(ascii: " "))
        joined = parts.count == 1 ? Array(parts[0]) : Array(parts.joined())
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        bytesHeld = Self.byteBits(joined)
        slips = parts.reduce(0) { $0 + Self.slips($1.count) }
    }

    /// Bit b & 63 for each byte b: a label that lacks more of a phrase's bits than the phrase allows
    /// slips cannot hold it, and most lines are ruled out so without comparing words.
    static func byteBits(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 | 1 << ($1 & 63) }
    }

    /// The slips `TextSimilarity.wordMatches` forgives an ASCII keyword of `count` letters: none under
    /// five, then one, two from ten.
    static func slips(_ count: Int) -> Int {
        count < 5 ? 0 : count < 10 ? 1 : 2
    }

    convenience init(stringLiteral value: String) {
        self.init(value)
    }
}
