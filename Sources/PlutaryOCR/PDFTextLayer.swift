/// A PDF page's text as Poppler gives it, turned into OCR lines and words; and whether a
/// PDF's text can be trusted at all.
enum PDFTextLayer {
    /// Fewer characters than a receipt's shortest total line: a scan with a stray caption.
    static let minimumCharacters = 12
    /// Share of characters that must be ordinary text (letters, digits, punctuation, symbols
    /// of currencies and the like). A font without a Unicode map gives private-use or control
    /// characters, or U+FFFD, for every glyph.
    static let minimumPlainShare = 0.9

    /// True when the text layer reads as text: enough characters, nearly all of them plain.
    static func isUsable(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.filter { !$0.properties.isWhitespace }
        guard scalars.count >= minimumCharacters else { return false }
        let plain = scalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .privateUse, .unassigned, .surrogate, .format: false
            default: scalar != "\u{FFFD}"
            }
        }
        return Double(plain.count) / Double(scalars.count) >= minimumPlainShare
    }

    /// Words are runs of characters without white space, split too where the next character
    /// is not just right of the last (Poppler's text order follows the PDF's text blocks, so
    /// a price column may follow its descriptions without a break). Lines are rebuilt from
    /// the words' places: words whose middles share a height, left to right, top to bottom.
    /// `boxes` holds one box per Unicode scalar of `text`, as Poppler's text layout gives.
    static func lines(text: String, boxes: [OCRBox]) -> (lines: [OCRLine], words: [OCRWord]) {
        var found: [(text: String, box: OCRBox)] = []
        var word = "", wordBoxes: [OCRBox] = []
        func endWord() {
            if !word.isEmpty, let box = union(wordBoxes) { found.append((word, box)) }
            word = ""; wordBoxes = []
        }
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard !scalar.properties.isWhitespace, index < boxes.count else { endWord(); continue }
            let box = boxes[index]
            if let last = wordBoxes.last, !follows(box, last) { endWord() }
            word.unicodeScalars.append(scalar)
            wordBoxes.append(box)
        }
        endWord()
        // Rows by the middle of each word, top down.
        var rows: [[(text: String, box: OCRBox)]] = []
        for item in found.sorted(by: { $0.box.y * 2 + $0.box.height < $1.box.y * 2 + $1.box.height }) {
            let middle = item.box.y * 2 + item.box.height
            if let row = rows.last, let box = union(row.map(\.box)), middle <= (box.y + box.height) * 2, middle >= box.y * 2 {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        var lines: [OCRLine] = [], words: [OCRWord] = []
        for row in rows {
            let sorted = row.sorted { $0.box.x < $1.box.x }
            words += sorted.map { OCRWord(text: $0.text, box: $0.box, confidence: 100, lineIndex: lines.count) }
            lines.append(OCRLine(text: sorted.map(\.text).joined(separator: " "), box: union(sorted.map(\.box))!, confidence: 100))
        }
        return (lines, words)
    }

    /// True when `next` continues the word ending in `last`: on the same height, starting at
    /// its right edge (less than half a character's height apart).
    private static func follows(_ next: OCRBox, _ last: OCRBox) -> Bool {
        let slack = max(1, last.height / 2)
        let middle = next.y * 2 + next.height, lastMiddle = last.y * 2 + last.height
        return abs(middle - lastMiddle) <= last.height && next.x >= last.x + last.width - slack
            && next.x <= last.x + last.width + slack
    }

    private static func union(_ boxes: [OCRBox]) -> OCRBox? {
        guard let left = boxes.map(\.x).min(), let top = boxes.map(\.y).min(),
              let right = boxes.map({ $0.x + $0.width }).max(), let bottom = boxes.map({ $0.y + $0.height }).max() else { return nil }
        return OCRBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
