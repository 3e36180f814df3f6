import Foundation

/// OCR text of one receipt, split into trimmed non-empty lines.
public struct ReceiptText: Sendable {
    public let ocrText: String
    public let lines: [String]
    /// The same lines upper-cased, for keyword matching.
    public let upperLines: [String]

    public init(_ ocrText: String) {
        self.ocrText = ocrText
        lines = ocrText
            .replacingOccurrences(of: "\t", with: "    ")
            .components(separatedBy: .newlines)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        upperLines = lines.map { $0.uppercased() }
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
