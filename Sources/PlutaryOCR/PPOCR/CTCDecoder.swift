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

    /// Decodes one line: `probabilities` holds `steps` rows of `classes.count` values.
    func decode(_ probabilities: ArraySlice<Float>, steps: Int) -> CTCReading {
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
        return CTCReading(symbols: symbols, steps: kept, confidence: confidence)
    }
}
