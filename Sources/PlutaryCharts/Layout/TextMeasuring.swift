import Foundation

/// How big a line of text is when drawn at a font size. The Cairo painter
/// measures with Pango; layout tests use `ApproximateTextMeasurer`.
public protocol TextMeasuring: Sendable {
    func size(of text: String, fontSize: Double, bold: Bool) -> CGSize
}

/// A fixed advance per character: close enough for sans-serif labels, and the
/// same on every machine.
public struct ApproximateTextMeasurer: TextMeasuring {
    public init() {}

    public func size(of text: String, fontSize: Double, bold: Bool) -> CGSize {
        let wide = text.unicodeScalars.filter { $0.value >= 0x2E80 }.count
        let narrow = text.count - wide
        return CGSize(width: (Double(narrow) * 0.58 + Double(wide)) * fontSize * (bold ? 1.06 : 1), height: fontSize * 1.25)
    }
}
