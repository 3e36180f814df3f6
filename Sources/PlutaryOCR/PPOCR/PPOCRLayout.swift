/// Builds the engine-neutral `OCRResult` from recognised regions: lines in reading order, their
/// text with the gaps between regions kept as runs of spaces (the parser splits prices from
/// descriptions on them, as with Tesseract's preserved spaces), and word boxes.
enum PPOCRLayout {
    static func result(
        _ texts: [RecognizedText], source: String, imageWidth: Int, imageHeight: Int, languages: [String]
    ) -> OCRResult {
        var lines: [OCRLine] = [], words: [OCRWord] = []
        for members in ReadingOrder.lines(texts.map(\.quad)) {
            var text = ""
            var previous: TextQuad?
            for index in members {
                let region = texts[index]
                if let previous { text += String(repeating: " ", count: spaces(between: previous, and: region.quad)) }
                text += region.text
                previous = region.quad
                for word in region.words() {
                    words.append(OCRWord(text: word.text, box: word.quad.boundingBox(width: imageWidth, height: imageHeight),
                                         confidence: region.confidence * 100, lineIndex: lines.count))
                }
            }
            let boxes = members.map { texts[$0].quad.boundingBox(width: imageWidth, height: imageHeight) }
            let x0 = boxes.map(\.x).min()!, y0 = boxes.map(\.y).min()!
            let x1 = boxes.map { $0.x + $0.width }.max()!, y1 = boxes.map { $0.y + $0.height }.max()!
            let confidence = members.map { texts[$0].confidence }.reduce(0, +) / Double(members.count)
            lines.append(OCRLine(text: text, box: OCRBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                                 confidence: confidence * 100))
        }
        let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return OCRResult(
            source: source, text: lines.map { $0.text + "\n" }.joined(), lines: lines, words: words,
            imageWidth: imageWidth, imageHeight: imageHeight, languages: languages, meanConfidence: mean,
            engine: .ppocr)
    }

    /// Spaces standing for the gap between two regions of a line: about one per character width
    /// (half the text height), and at least two, as the regions are apart (the detector joins
    /// words one space apart into one region).
    static func spaces(between left: TextQuad, and right: TextQuad) -> Int {
        let gap = ((right.topLeft + right.bottomLeft) / 2 - (left.topRight + left.bottomRight) / 2)
        let distance = (gap * gap).sum().squareRoot()
        let charWidth = max(1, min(left.height, right.height) / 2)
        return min(12, max(2, Int((distance / charWidth).rounded())))
    }
}
