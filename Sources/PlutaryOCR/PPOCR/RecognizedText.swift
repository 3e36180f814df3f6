/// One detected text region with what the recogniser read in it.
struct RecognizedText: Equatable, Sendable {
    var quad: TextQuad
    /// The symbols read, and where along the quad each was read (0 = left edge, 1 = right edge).
    var symbols: [String]
    var positions: [Double]
    /// 0...1.
    var confidence: Double

    var text: String { symbols.joined() }

    /// The words (runs of symbols between spaces), each with the part of the quad it covers: it
    /// reaches halfway to the symbols on either side, or to the quad's edge.
    func words() -> [(text: String, quad: TextQuad)] {
        var result: [(String, TextQuad)] = []
        var start: Int?
        for index in 0...symbols.count {
            let isSpace = index == symbols.count || symbols[index].allSatisfy(\.isWhitespace)
            if !isSpace, start == nil { start = index }
            guard isSpace, let first = start else { continue }
            let last = index - 1
            let left = first == 0 ? 0 : (positions[first - 1] + positions[first]) / 2
            let right = last == symbols.count - 1 ? 1 : (positions[last] + positions[last + 1]) / 2
            result.append((symbols[first...last].joined(), quad.slice(from: left, to: right)))
            start = nil
        }
        return result
    }
}
