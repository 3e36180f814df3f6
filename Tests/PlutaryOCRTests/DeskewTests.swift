import CTesseract
@testable import PlutaryOCR
import Testing

/// The deskew step turns the page the right way: after it, Leptonica finds no skew left. Tilts
/// of 11-12° are a receipt photographed or laid at an angle, beyond Leptonica's default ±7° search.
@Suite struct DeskewTests {
    @Test(arguments: [3.0, -2.5, 11.0, -12.0])
    func straightensRotatedReceipt(degrees: Double) throws {
        let items = (1...14).map { "ITEM NUMBER \($0) OF THE LIST   \($0).99" }
        let rendered = try #require(LeptImage(owning: ReceiptImageFactory.render(
            lines: items + ReceiptImageFactory.costcoLines, font: "DejaVu Sans Mono 14", degrees: degrees, noise: false)))
        let before = try #require(Preprocessor.skewDegrees(rendered))
        #expect(abs(abs(before) - abs(degrees)) < 0.5)

        let options = PreprocessOptions(scale: false, normalizeBackground: false, binarization: .none, deskew: true)
        let (straightened, transform) = Preprocessor(options: options).run(rendered)
        #expect(transform.rotationDegrees == before)
        let after = Preprocessor.skewDegrees(straightened) ?? 0
        #expect(abs(after) < 0.5)
    }
}
