import Foundation
@testable import PlutaryOCR
import Testing

@Suite struct ReadingOrderTests {
    /// The quad of an axis-aligned box, turned by `degrees` (clockwise) about the origin.
    static func quad(x: Double, y: Double, width: Double, height: Double, degrees: Double = 0) -> TextQuad {
        let angle = degrees * .pi / 180
        let turn = { (p: SIMD2<Double>) in SIMD2(cos(angle) * p.x - sin(angle) * p.y, sin(angle) * p.x + cos(angle) * p.y) }
        return TextQuad(topLeft: turn(SIMD2(x, y)), topRight: turn(SIMD2(x + width, y)),
                        bottomRight: turn(SIMD2(x + width, y + height)), bottomLeft: turn(SIMD2(x, y + height)))
    }

    @Test func amountsAtTheRightStayOnTheirLineOnATiltedReceipt() {
        // Lines 40 pixels apart; at 4° the amount, 440 pixels right of its label, sits 31 pixels
        // lower: nearer the next line's label than its own. Only the page's own frame keeps them together.
        var quads: [TextQuad] = []
        for line in 0..<6 {
            let y = 100 + Double(line) * 40
            quads.append(Self.quad(x: 520, y: y, width: 80, height: 22, degrees: 4))   // amount first: order must not matter
            quads.append(Self.quad(x: 20, y: y, width: 200, height: 22, degrees: 4))
        }
        let lines = ReadingOrder.lines(quads)
        #expect(lines == (0..<6).map { [2 * $0 + 1, 2 * $0] })
    }

    /// A region of bowed paper: its centre on the arc y = top + k·x², turned to the arc's direction there.
    static func bowed(x: Double, top: Double, width: Double, height: Double = 22, k: Double) -> TextQuad {
        let cx = x + width / 2
        let angle = atan(2 * k * cx)
        let center = SIMD2(cx, top + k * cx * cx)
        let (along, across) = (SIMD2(cos(angle), sin(angle)) * (width / 2), SIMD2(-sin(angle), cos(angle)) * (height / 2))
        return TextQuad(topLeft: center - along - across, topRight: center + along - across,
                        bottomRight: center + along + across, bottomLeft: center - along + across)
    }

    @Test func amountsAtTheRightStayOnTheirLineOnBowedPaper() {
        // Paper bowed on a table: every line curves down more and more towards the right. The price,
        // 445 pixels right of its name, sits 21 pixels lower: in the frame of either one's direction
        // it is more than half a line off its name. Followed along the curve, it is on its line.
        var quads: [TextQuad] = []
        for line in 0..<10 {
            let top = 100 + Double(line) * 34
            quads.append(Self.bowed(x: 20, top: top, width: 180, k: 0.00007))   // name
            quads.append(Self.bowed(x: 520, top: top, width: 70, k: 0.00007))   // price, at the right edge
        }
        let lines = ReadingOrder.lines(quads)
        #expect(lines == (0..<10).map { [2 * $0, 2 * $0 + 1] })
    }

    @Test func aSlopeFieldFollowsLinesThatTurnAcrossThePage() throws {
        // Slopes growing steadily left to right, plus one stamp at an angle that the refit leaves out.
        var samples: [(x: Double, y: Double, slope: Double)] = []
        for column in 0..<5 {
            for row in 0..<4 {
                let x = Double(column) * 100
                samples.append((x: x, y: Double(row) * 50, slope: 0.0004 * (x - 200)))
            }
        }
        samples.append((x: 200, y: 100, slope: 0.5))
        let field = try #require(SlopeField(samples))
        #expect(abs(field.slope(x: 0, y: 0) - -0.08) < 0.001)
        #expect(abs(field.slope(x: 400, y: 150) - 0.08) < 0.001)
        #expect(SlopeField(Array(samples.prefix(5))) == nil)
    }

    @Test func tallTotalJoinsItsSmallLabel() {
        let quads = [
            Self.quad(x: 20, y: 100, width: 120, height: 20),
            Self.quad(x: 300, y: 92, width: 100, height: 40),   // bold, double height, same baseline area
            Self.quad(x: 20, y: 140, width: 160, height: 20),
        ]
        #expect(ReadingOrder.lines(quads) == [[0, 1], [2]])
    }

    @Test func separateLinesStayApart() {
        let quads = [Self.quad(x: 20, y: 130, width: 100, height: 20), Self.quad(x: 20, y: 100, width: 100, height: 20)]
        #expect(ReadingOrder.lines(quads) == [[1], [0]])
        #expect(ReadingOrder.lines([]).isEmpty)
    }

    @Test func wordsShareTheirLineByTimeStep() {
        let quad = Self.quad(x: 100, y: 50, width: 110, height: 20)
        let symbols = Array("TOTAL 41.02").map(String.init)
        let positions = symbols.indices.map { (Double($0) + 0.5) / Double(symbols.count) }
        let text = RecognizedText(quad: quad, symbols: symbols, positions: positions, confidence: 0.9)
        let words = text.words()
        #expect(words.map(\.text) == ["TOTAL", "41.02"])
        let total = words[0].quad.boundingBox(width: 1000, height: 1000)
        let amount = words[1].quad.boundingBox(width: 1000, height: 1000)
        #expect(total.x == 100 && abs(total.x + total.width - 150) <= 1)
        #expect(abs(amount.x - 160) <= 1 && amount.x + amount.width == 210)
        #expect(total.y == 50 && total.height == 20)
    }

    @Test func lineTextKeepsColumnsApart() {
        let texts = [
            RecognizedText(quad: Self.quad(x: 300, y: 100, width: 60, height: 20), symbols: ["9", ".", "5", "0"],
                           positions: [0.1, 0.3, 0.6, 0.9], confidence: 0.8),
            RecognizedText(quad: Self.quad(x: 20, y: 100, width: 60, height: 20), symbols: ["M", "I", "L", "K"],
                           positions: [0.1, 0.3, 0.6, 0.9], confidence: 0.9),
        ]
        let result = PPOCRLayout.result(texts, source: "r.png", imageWidth: 400, imageHeight: 200, languages: ["eng"])
        #expect(result.lines.count == 1)
        #expect(result.text.hasPrefix("MILK  ") && result.text.hasSuffix("9.50\n"))
        #expect(result.words.map(\.text) == ["MILK", "9.50"] && result.words.allSatisfy { $0.lineIndex == 0 })
        #expect(result.lines[0].box == OCRBox(x: 20, y: 100, width: 340, height: 20))
        #expect(abs(result.meanConfidence - 85) < 1e-9)
        #expect(result.engine == .ppocr)
    }
}
