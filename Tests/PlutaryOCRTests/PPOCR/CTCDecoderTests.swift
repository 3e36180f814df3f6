@testable import PlutaryOCR
import Testing

@Suite struct CTCDecoderTests {
    /// Probabilities with `best` at each step at `p`, the rest shared out.
    static func output(_ best: [Int], classes: Int, p: Float = 0.9) -> [Float] {
        best.flatMap { winner in (0..<classes).map { $0 == winner ? p : (1 - p) / Float(classes - 1) } }
    }

    @Test func mergesRepeatsDropsBlanksAndAddsTheSpaceClass() {
        let decoder = CTCDecoder(metadata: "a\nb\n1\n")
        #expect(decoder.classes == ["", "a", "b", "1", " "])
        // a a _ b b ␣ 1 _ a _ a: repeats merge, a blank separates a doubled letter.
        let steps = [1, 1, 0, 2, 2, 4, 3, 0, 1, 0, 1]
        let reading = decoder.decode(Self.output(steps, classes: 5)[...], steps: steps.count)
        #expect(reading.text == "ab 1aa")
        #expect(reading.steps == [0, 3, 5, 6, 8, 10])
        #expect(abs(reading.confidence - 0.9) < 1e-6)
    }

    @Test func readsOneLineOfABatch() {
        let decoder = CTCDecoder(alphabet: ["x", "y"])
        let batch = Self.output([1, 0, 2], classes: 4) + Self.output([2, 2, 1], classes: 4, p: 0.6)
        let second = decoder.decode(batch[12..<24], steps: 3)
        #expect(second.text == "yx")
        #expect(abs(second.confidence - 0.6) < 1e-6)
    }

    @Test func asterisksReadAsChineseAreAsterisks() {
        #expect(CTCDecoder.asterisksRestored(["*", "水", "水", "*", " ", "B"]) == ["*", "*", "*", "*", " ", "B"])
        #expect(CTCDecoder.asterisksRestored(["家", "家", "冰", "家"]) == ["*", "*", "*", "*"])
        // Water and rice without an asterisk beside them are water and rice ("礦泉水 *2", "白米").
        #expect(CTCDecoder.asterisksRestored(["泉", "水", " ", "*", "2"]) == ["泉", "水", " ", "*", "2"])
        #expect(CTCDecoder.asterisksRestored(["白", "米"]) == ["白", "米"])
        let decoder = CTCDecoder(alphabet: ["*", "水", "B"])
        let reading = decoder.decode(Self.output([1, 0, 2, 0, 2, 1, 3], classes: 5)[...], steps: 7)
        #expect(reading.text == "****B")
    }

    @Test func onlyBlanksReadNothing() {
        let reading = CTCDecoder(alphabet: ["x"]).decode(Self.output([0, 0, 0], classes: 3)[...], steps: 3)
        #expect(reading.text.isEmpty && reading.confidence == 0 && reading.steps.isEmpty)
    }
}
