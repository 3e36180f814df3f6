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
        lines = ocrText
            .replacingOccurrences(of: "\t", with: "    ")
            .components(separatedBy: .newlines)
            .flatMap(Self.wrapped)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        upperLines = lines.map { $0.uppercased() }
        labels = upperLines.map(LineLabel.init)
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
