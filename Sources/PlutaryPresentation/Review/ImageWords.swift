import PlutaryCore

/// The words OCR read from the review's image, in reading order: which word a
/// click lands on, the run of words between two clicks, the value a run gives a
/// field, and the words a field's value came from.
public struct ImageWords: Sendable, Equatable {
    public let words: [ReceiptWord]

    public init(_ words: [ReceiptWord]) { self.words = words }

    /// The word under the point (image pixels), or the nearest one within `slack` pixels.
    public func index(atX x: Double, y: Double, slack: Double = 6) -> Int? {
        let nearest = words.indices.min { words[$0].distance(toX: x, y: y) < words[$1].distance(toX: x, y: y) }
        guard let nearest, words[nearest].distance(toX: x, y: y) <= slack else { return nil }
        return nearest
    }

    /// The words from one click to another, in reading order.
    public func run(from anchor: Int, to end: Int) -> [ReceiptWord] {
        Array(words[min(anchor, end)...max(anchor, end)])
    }

    /// What picking `run` puts into `field`: an amount field takes the last amount
    /// in it ("RM 60.30" gives 60.30), a date field the run's date when it has
    /// one, any other field the words as they read.
    public static func value(of run: [ReceiptWord], for field: ReceiptField, currency: String) -> String? {
        let text = run.map(\.text).joined(separator: " ")
        if field.isAmount {
            // Word by word from the end, then the whole run ("60 .30" read as two words).
            for candidate in run.reversed().map(\.text) + [text.replacingOccurrences(of: " ", with: "")] {
                if let amount = AmountText.normalized(Self.numericCore(candidate), currency: currency) { return amount }
            }
            return nil
        }
        if field == .purchaseDate {
            return DateText.iso(in: text) ?? text
        }
        return text
    }

    /// The words `value` was read from: for an amount, the last word holding that
    /// amount; otherwise the first run of words spelling it.
    public func source(of value: String, field: ReceiptField, currency: String) -> [ReceiptWord] {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return [] }
        if field.isAmount {
            let wanted = AmountText.normalized(value, currency: currency)
            return words.last { AmountText.normalized(Self.numericCore($0.text), currency: currency) == wanted }.map { [$0] } ?? []
        }
        let tokens = value.lowercased().split(separator: " ").map(String.init)
        guard !tokens.isEmpty, tokens.count <= words.count else { return [] }
        for start in 0...(words.count - tokens.count) {
            let run = words[start..<start + tokens.count]
            if zip(run, tokens).allSatisfy({ $0.text.lowercased() == $1 }) { return Array(run) }
        }
        return []
    }

    /// The number inside a word: "RM60.30" → "60.30", "$5.79" → "5.79", "9,08A" → "9,08".
    static func numericCore(_ text: String) -> String {
        let isPart: (Character) -> Bool = { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard let first = text.firstIndex(where: \.isNumber), let last = text.lastIndex(where: \.isNumber) else { return "" }
        let core = text[first...last]
        guard core.allSatisfy(isPart) else { return "" }
        let negative = first > text.startIndex && text[text.index(before: first)] == "-"
        return (negative ? "-" : "") + core
    }
}
