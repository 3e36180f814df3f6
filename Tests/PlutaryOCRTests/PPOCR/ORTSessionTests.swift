@testable import PlutaryOCR
import Testing

@Suite struct ORTSessionTests {
    /// The output is read in ONNX Runtime's own buffer: its shape and values as the model gives
    /// them (the direction classifier: two probabilities a crop).
    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func handsTheOutputToTheReaderInPlace() throws {
        let files = try #require(PPOCRTestFiles.files)
        let session = try ORTSession(modelPath: files.classifier, libraryPath: files.library, threads: 1)
        let input = [Float](repeating: 0.5, count: 2 * 3 * 48 * 192)
        let (shape, rows) = try session.run(input, shape: [2, 3, 48, 192]) { shape, values in
            (shape, [Array(values[0..<2]), Array(values[2..<4])])
        }
        #expect(shape == [2, 2])
        // The same crop twice: the same probabilities, adding up to 1.
        #expect(rows[0] == rows[1])
        #expect(abs(rows[0].reduce(0, +) - 1) < 1e-4)
        // What the reader returns is what it computed; a failing reader's error comes through.
        struct Stop: Error {}
        #expect(throws: Stop.self) { try session.run(input, shape: [2, 3, 48, 192]) { _, _ in throw Stop() } }
    }

    /// Runs of other sizes in between (each gives its memory back to the arena when it ends)
    /// leave the same crop's reading as it was.
    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func runsOfOtherSizesInBetweenChangeNothing() throws {
        let files = try #require(PPOCRTestFiles.files)
        let session = try ORTSession(modelPath: files.classifier, libraryPath: files.library, threads: 1)
        let crop: [Float] = (0..<3 * 48 * 192).map { index in Float(index % 97) / 48 - 1 }
        let first = try session.run(crop, shape: [1, 3, 48, 192]) { _, values in Array(values) }
        for count in [5, 2, 7] {
            let batch: [Float] = [Float](repeating: 0.25, count: (count - 1) * crop.count) + crop
            let last = try session.run(batch, shape: [count, 3, 48, 192]) { _, values in Array(values.suffix(2)) }
            #expect(zip(last, first).allSatisfy { abs($0 - $1) < 1e-5 }, "\(last) against \(first)")
        }
        #expect(try session.run(crop, shape: [1, 3, 48, 192]) { _, values in Array(values) } == first)
    }

    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func aBadInputIsAnError() throws {
        let files = try #require(PPOCRTestFiles.files)
        let session = try ORTSession(modelPath: files.classifier, libraryPath: files.library, threads: 1)
        // Two channels where the model takes three.
        #expect(throws: ORTSessionError.self) {
            try session.run([Float](repeating: 0, count: 2 * 48 * 192), shape: [1, 2, 48, 192]) { _, values in values.count }
        }
    }
}
