import CTesseract
import Foundation
@testable import PlutaryOCR
import Testing

/// Finding the receipt's paper in a photo, flattening it, and reading it with
/// boxes that land on the photo; a tightly cropped scan passes through.
@Suite struct PaperFinderTests {
    /// Where the receipt lies in the made-up photo: tilted and in perspective (narrower at the top).
    static let truth = PaperQuad(topLeft: SIMD2(260, 90), topRight: SIMD2(640, 130),
                                 bottomRight: SIMD2(600, 880), bottomLeft: SIMD2(170, 840))

    @Test func aHomographyTakesFourPointsToTheirPartnersAndBack() throws {
        let square = [SIMD2(0.0, 0.0), SIMD2(100, 0), SIMD2(100, 200), SIMD2(0, 200)]
        let forward = try #require(Homography(from: square, to: Self.truth.corners))
        let back = try #require(Homography(from: Self.truth.corners, to: square))
        for (p, q) in zip(square, Self.truth.corners) {
            #expect(abs(forward.apply(p).x - q.x) < 1e-6 && abs(forward.apply(p).y - q.y) < 1e-6)
            let round = back.apply(forward.apply(SIMD2(p.x / 2 + 10, p.y / 3 + 7)))
            #expect(abs(round.x - (p.x / 2 + 10)) < 1e-6 && abs(round.y - (p.y / 3 + 7)) < 1e-6)
        }
        #expect(Homography(from: [SIMD2(0, 0), SIMD2(1, 1), SIMD2(2, 2), SIMD2(3, 3)], to: square) == nil, "points in a line")
    }

    @Test func findsATiltedReceiptOnATexturedTable() throws {
        let photo = try #require(LeptImage(owning: Self.photo()))
        let found = try #require(PaperFinder.find(in: photo))
        for (corner, expected) in zip(found.corners, Self.truth.corners) {
            #expect(abs(corner.x - expected.x) < 14 && abs(corner.y - expected.y) < 14, "corner \(corner) far from \(expected)")
        }
    }

    @Test func paperCutOffByAShadowIsNotTakenForTheSheet() throws {
        // Otsu's level falls inside the shadow, so the bright region ends where the shadow begins;
        // its lower side is a soft gradient, not the paper's edge, and cropping there would lose
        // the receipt's lower half. The whole picture is read instead.
        let photo = try #require(LeptImage(owning: Self.photo(shadowBelow: 450)))
        if let found = PaperFinder.find(in: photo) {
            for (corner, expected) in zip(found.corners, Self.truth.corners) {
                #expect(abs(corner.x - expected.x) < 14 && abs(corner.y - expected.y) < 14, "corner \(corner) far from \(expected)")
            }
        }
    }

    @Test func aTightlyCroppedScanPassesThrough() throws {
        let scan = try #require(LeptImage(owning: ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0)))
        #expect(PaperFinder.find(in: scan) == nil)
        let page = FlatPage(scan)
        #expect(page.image === scan && page.quad == nil)
    }

    @Test func theFlattenedReceiptReadsWithBoxesOnThePhoto() throws {
        let photo = try #require(Self.photo())
        defer { var pix: UnsafeMutablePointer<PIX>? = photo; pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(photo, jpeg: true)
        let result = try TestPipelines.english.recognize(data: data, name: "photo.jpg")
        #expect(result.text.contains("41.02") && result.text.contains("COSTCO"), "\(result.text)")
        #expect(result.imageWidth == 900 && result.imageHeight == 1000)
        // The total's box is on the photo where the receipt's bottom right lies.
        let total = try #require(result.words.last { $0.text.contains("41.02") })
        let centre = SIMD2(Double(total.box.x + total.box.width / 2), Double(total.box.y + total.box.height / 2))
        #expect(centre.x > 400 && centre.x < 640 && centre.y > 600 && centre.y < 880, "total at \(total.box)")
    }

    @Test func cornersThePersonPlacedAreReadInsteadOfTheFoundOnes() throws {
        let photo = try #require(Self.photo())
        defer { var pix: UnsafeMutablePointer<PIX>? = photo; pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(photo, jpeg: true)
        // Only the receipt's top half: the total is cut off.
        let mid = PaperQuad(topLeft: Self.truth.topLeft, topRight: Self.truth.topRight,
                            bottomRight: (Self.truth.topRight + Self.truth.bottomRight) / 2,
                            bottomLeft: (Self.truth.topLeft + Self.truth.bottomLeft) / 2)
        let result = try TestPipelines.english.recognize(data: data, name: "photo.jpg", paper: mid)
        #expect(result.paper == mid)
        #expect(result.text.contains("COSTCO") && !result.text.contains("41.02"), "\(result.text)")
        let found = try TestPipelines.english.recognize(data: data, name: "photo.jpg")
        #expect(found.paper != nil && found.paper != mid)
    }

    /// A 900 × 1000 grey photo: a dark, speckled table with the rendered receipt
    /// warped onto `truth`. The caller destroys it.
    /// The made-up photo; with `shadowBelow`, a soft shadow darkens everything under that row
    /// to 45 % over 200 pixels (a hand or the phone between the lamp and the receipt).
    static func photo(shadowBelow: Double? = nil) -> UnsafeMutablePointer<PIX>? {
        let receipt = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0, noise: false)
        var owned: UnsafeMutablePointer<PIX>? = receipt
        defer { pixDestroy(&owned) }
        let (rw, rh) = (Double(pixGetWidth(receipt)), Double(pixGetHeight(receipt)))
        guard let toReceipt = Homography(from: truth.corners, to: [SIMD2(0, 0), SIMD2(rw, 0), SIMD2(rw, rh), SIMD2(0, rh)]),
              let photo = pixCreate(900, 1000, 8) else { return nil }
        var generator = SplitMix(seed: 7)
        for y in 0..<1000 {
            for x in 0..<900 {
                let p = toReceipt.apply(SIMD2(Double(x), Double(y)))
                var value: UInt32 = 0
                if p.x >= 0, p.y >= 0, p.x < rw - 1, p.y < rh - 1 {
                    pixGetPixel(receipt, Int32(p.x), Int32(p.y), &value)
                } else {
                    value = UInt32(60 + Int(generator.next() % 50))  // wood-dark, grainy
                }
                if let shadowBelow {
                    let t = min(1, max(0, (Double(y) - shadowBelow) / 200))
                    value = UInt32(Double(value) * (1 - 0.55 * t * t * (3 - 2 * t)))
                }
                pixSetPixel(photo, Int32(x), Int32(y), value)
            }
        }
        return photo
    }
}
