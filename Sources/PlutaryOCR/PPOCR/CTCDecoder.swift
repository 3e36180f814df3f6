/// Greedy CTC decoding of the recogniser's output, as PaddleOCR's CTCLabelDecode: the most
/// probable class at each time step, repeats merged, blanks dropped. Class 0 is the CTC blank,
/// classes 1…n the model's alphabet, and the last class a space (PaddleOCR appends it with
/// use_space_char, which the PP-OCR recognition models are trained with).
struct CTCDecoder: Sendable {
    /// Indexed by class: "" for the blank, then the alphabet, then " ".
    let classes: [String]

    init(alphabet: [String]) {
        classes = [""] + alphabet + [" "]
    }

    /// The alphabet as the recognition model stores it under the metadata key `character`: one
    /// symbol a line (as Python's splitlines reads it; a final line break ends the last symbol).
    init(metadata: String) {
        var lines = metadata.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.init(alphabet: lines)
    }

    /// Decodes one line: `probabilities` holds `steps` rows of `classes.count` values (a slice of
    /// an array, or of the model's output buffer read in place).
    func decode<Values: RandomAccessCollection<Float>>(_ probabilities: Values, steps: Int) -> CTCReading
    where Values.Index == Int {
        let width = classes.count
        precondition(probabilities.count == steps * width, "output does not have steps × classes values")
        var symbols: [String] = [], kept: [Int] = [], confidences: [Double] = []
        var previous = -1
        let base = probabilities.startIndex
        for step in 0..<steps {
            let row = base + step * width
            var best = 0
            var bestValue = probabilities[row]
            for index in 1..<width where probabilities[row + index] > bestValue {
                best = index
                bestValue = probabilities[row + index]
            }
            defer { previous = best }
            guard best != 0, best != previous else { continue }
            symbols.append(classes[best])
            kept.append(step)
            confidences.append(Double(bestValue))
        }
        let confidence = confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
        return CTCReading(symbols: Self.asterisksRestored(symbols), steps: kept, confidence: confidence)
    }

    /// Chinese characters the models read receipt asterisks as ("*水水* BALANCE", "家家家冰家家").
    static let asteriskLike: Set<String> = ["*", "水", "家", "冰", "京", "求", "凉", "本", "案", "米"]

    /// A run of asterisk-like symbols that holds a real asterisk, or three or more of them (no word
    /// repeats such a character thrice), is a row of asterisks.
    static func asterisksRestored(_ symbols: [String]) -> [String] {
        guard symbols.contains(where: { $0 != "*" && asteriskLike.contains($0) }) else { return symbols }
        var result = symbols
        var start = 0
        while start < result.count {
            guard asteriskLike.contains(result[start]) else { start += 1; continue }
            var end = start
            while end < result.count, asteriskLike.contains(result[end]) { end += 1 }
            if end - start >= 3 || result[start..<end].contains("*") {
                for index in start..<end { result[index] = "*" }
            }
            start = end
        }
        return result
    }
}
