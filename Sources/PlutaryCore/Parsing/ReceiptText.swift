import Foundation

/// OCR text of one receipt, split into trimmed non-empty lines.
public struct ReceiptText: Sendable {
    public let ocrText: String
    public let lines: [String]
    /// The same lines upper-cased, for keyword matching.
    public let upperLines: [String]
    /// Each whole line's keyword words, built once: every strategy and extractor tests them.
    let labels: [LineLabel]

    public init(_ ocrText: String) {
        self.ocrText = ocrText
        lines = WholeUnitAmounts.written(ColumnCellJoiner.rows(Self.rawLines(ocrText)
            .flatMap(Self.wrapped)
            .map(Self.trimmed)
            .filter { !$0.isEmpty }), text: ocrText)
        upperLines = lines.map { Self.capitalIRepaired($0).uppercased() }
        labels = upperLines.map(LineLabel.init)
    }

    /// The text's lines, tabs widened to four spaces. Split on bytes when every line break is
    /// ASCII (CR, LF, VT, FF): Foundation's splitting and trimming were a twentieth of the parse.
    private static func rawLines(_ text: String) -> [String] {
        let widened = text.utf8.contains(UInt8(ascii: "\t")) ? text.replacingOccurrences(of: "\t", with: "    ") : text
        // U+0085, U+2028 and U+2029 break lines too; their UTF-8 starts with 0xC2 or 0xE2.
        guard !widened.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else {
            return widened.components(separatedBy: .newlines)
        }
        return widened.utf8.split(omittingEmptySubsequences: false) { (0x0A...0x0D).contains($0) }.map { String(Substring($0)) }
    }

    /// The line with each "l" that stands for a capital I made one: in capitals, OCR reads I as the l it
    /// looks like ("REAL CANADlAN", "KlNNEY", "lNDlGO"), and upper-cased it became an L no keyword or chain name
    /// matches. An "l" between two capitals, or starting a word before two, is an I; one after a capital at a
    /// word's end ("TOTAl") is more often the L it upper-cases to, and is left.
    static func capitalIRepaired(_ line: String) -> String {
        guard line.utf8.contains(UInt8(ascii: "l")) else { return line }
        var bytes = Array(line.utf8)
        let isCapital = { (index: Int) in bytes.indices.contains(index) && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) }
        var changed = false
        for index in bytes.indices where bytes[index] == UInt8(ascii: "l") {
            let startsWord = index == 0 || !(bytes[index - 1].isASCIILetter || bytes[index - 1] >= 0x80)
            if (isCapital(index - 1) && isCapital(index + 1)) || (startsWord && isCapital(index + 1) && isCapital(index + 2)) {
                bytes[index] = UInt8(ascii: "I")
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : line
    }

    /// The line without the whitespace around it; lines that start and end with a visible ASCII
    /// character (most) are returned as they are.
    /// A scan's fold or the paper's edge reads as a "|" before the line ("| A 19%   1,84   0,35"): it goes
    /// too, when a space follows it ("|2,99" is a misread 1, which the amount reader repairs).
    private static func trimmed(_ line: String) -> String {
        if let first = line.utf8.first, let last = line.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last),
           first != UInt8(ascii: "|") {
            return line
        }
        let trimmed = asciiTrimmed(line[...]) ?? line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|"), trimmed.dropFirst().first?.isWhitespace ?? true else { return trimmed }
        return trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
    }

    /// ASCII text without the spaces and tabs around it, which are all that `.whitespaces` holds in
    /// ASCII; nil for other text. On the bytes: a long line cut into pieces at spaces ends each piece
    /// with one, and Foundation's trimming was a third of reading such a text.
    static func asciiTrimmed(_ text: Substring) -> String? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(Substring(bytes[first...last]))
    }

    /// A printed receipt line is at most a few dozen characters. Longer ones (text that lost
    /// its line breaks, or noise) are cut at spaces into pieces of about `wrapWidth`, so the
    /// work per line stays bounded and parsing stays linear in the length of the text.
    static let wrapWidth = 200

    private static func wrapped(_ line: String) -> [String] {
        guard line.utf16.count > 2 * wrapWidth else { return [line] }
        var pieces: [String] = []
        var rest = line[...]
        while let limit = rest.index(rest.startIndex, offsetBy: wrapWidth, limitedBy: rest.endIndex), limit < rest.endIndex {
            // Break at the last space before the limit; a piece with no space is cut where it is.
            let cut = rest[..<limit].lastIndex(where: \.isWhitespace).map { rest.index(after: $0) } ?? limit
            pieces.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// The top lines where shop names and logos sit, upper-cased and joined.
    public func header(lineCount: Int = 10) -> String {
        upperLines.prefix(lineCount).joined(separator: "\n")
    }

    /// Whole text upper-cased, for cues that may appear anywhere (footer URLs, tax words).
    public var upperText: String {
        upperLines.joined(separator: "\n")
    }
}
