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

    init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        parts = bytes.split(separator: UInt8(ascii: " "))
        joined = parts.count == 1 ? Array(parts[0]) : Array(parts.joined())
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    convenience init(stringLiteral value: String) {
        self.init(value)
    }
}
