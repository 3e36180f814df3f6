/// Where a PDF's pages lie in the one picture the review shows and word boxes refer to:
/// stacked top to bottom, left-aligned, `gap` pixels apart, in pixels at `dpi`.
struct PDFLayout: Equatable {
    struct Page: Equatable {
        var y: Int
        var width: Int
        var height: Int
    }

    /// Grey between two pages, so the person sees where one ends.
    static let gap = 24

    let pointSizes: [(Double, Double)]
    let pages: [Page]
    let width: Int
    let height: Int

    init(pointSizes: [(Double, Double)], dpi: Double) {
        self.pointSizes = pointSizes
        var y = 0
        var pages: [Page] = []
        for (index, size) in pointSizes.enumerated() {
            if index > 0 { y += Self.gap }
            let page = Page(y: y, width: max(1, Int((size.0 * dpi / 72).rounded())), height: max(1, Int((size.1 * dpi / 72).rounded())))
            pages.append(page)
            y += page.height
        }
        self.pages = pages
        width = pages.map(\.width).max() ?? 0
        height = y
    }

    static func == (a: PDFLayout, b: PDFLayout) -> Bool { a.pages == b.pages }

    /// One receipt from its pages read one by one (boxes in each page's own pixels): lines in page
    /// order, words moved down to their page's place and told which page they are on.
    func joined(_ results: [OCRResult], source: String) -> OCRResult {
        var lines: [OCRLine] = [], words: [OCRWord] = []
        for (index, result) in results.enumerated() {
            let top = pages[index].y
            let firstLine = lines.count
            lines += result.lines.map { OCRLine(text: $0.text, box: $0.box.moved(down: top), confidence: $0.confidence) }
            words += result.words.map {
                var word = $0
                word.box = word.box.moved(down: top)
                word.lineIndex += firstLine
                word.page = index
                return word
            }
        }
        let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        var joined = OCRResult(source: source, text: lines.map(\.text).joined(separator: "\n"), lines: lines, words: words,
                               imageWidth: width, imageHeight: height, languages: results.first?.languages ?? [],
                               meanConfidence: confidence, engine: results.first?.engine ?? .tesseract)
        joined.fromTextLayer = !results.isEmpty && results.allSatisfy(\.fromTextLayer)
        return joined
    }
}

extension OCRBox {
    func moved(down offset: Int) -> OCRBox { OCRBox(x: x, y: y + offset, width: width, height: height) }
}
