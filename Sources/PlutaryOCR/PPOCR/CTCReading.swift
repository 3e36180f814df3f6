/// What greedy CTC decoding read from one text line.
struct CTCReading: Equatable, Sendable {
    /// The symbols read, in order (one alphabet entry each).
    var symbols: [String]
    /// For each symbol, the time step (column of the model's output) it was read at.
    var steps: [Int]
    /// Mean probability of the symbols kept, 0...1 (0 when none was).
    var confidence: Double

    var text: String { symbols.joined() }
}
