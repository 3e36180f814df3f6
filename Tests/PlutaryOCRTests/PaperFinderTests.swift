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

    @Test func findsAReceiptOnAPaleTableWithAFingerOverACorner() throws {
        // White paper on a pale table steps by a few tens of levels, and a finger over the bottom right
        // corner joins the paper to the table: no bright region has the sheet's shape, but its four
        // straight sides are there, the finger covering a third of one. The sides are drawn in pixel
        // steps (no anti-aliasing), which a 3 × 3 gradient follows instead of the side.
        let photo = try #require(LeptImage(owning: Self.photo(table: 222...229, fingerAt: Self.truth.bottomRight, font: "DejaVu Sans Mono 9")))
        let found = try #require(PaperFinder.find(in: photo))
        for (corner, expected) in zip(found.corners, Self.truth.corners) {
            #expect(abs(corner.x - expected.x) < 14 && abs(corner.y - expected.y) < 14, "corner \(corner) far from \(expected)")
        }
    }

    @Test func aCreaseIsNoSideOfTheSheet() throws {
        // A fold across the receipt turns the part below it from the light: Otsu's level falls between
        // the two halves, so the bright region is the sheet above the fold, and the fold is a step as
        // sharp as the paper's edge. Cropping there would lose the lower half (the total); but print
        // lies beyond the crease, never beyond the paper's edge: the whole sheet is found.
        let photo = try #require(LeptImage(owning: Self.photo(creaseAt: 470)))
        let found = try #require(PaperFinder.find(in: photo))
        for (corner, expected) in zip(found.corners, Self.truth.corners) {
            #expect(abs(corner.x - expected.x) < 14 && abs(corner.y - expected.y) < 14, "corner \(corner) far from \(expected)")
        }
    }

    @Test func aBoxPrintedOnATightlyCroppedScanIsNoSheet() throws {
        // A ruled box around the items is four long straight sides as sharp as paper's edges (a logo's
        // frame, a tax summary's box); but the same paper lies inside and outside its rules: the scan
        // passes through, not cropped to the box.
        let scan = try #require(LeptImage(owning: Self.boxedReceipt(noise: true)))
        #expect(PaperFinder.find(in: scan) == nil)
    }

    @Test func aReceiptWithAPrintedBoxIsFoundByItsSheet() throws {
        // The same receipt photographed on a dark grainy table and on a mid-grey one: the sheet's
        // edges part paper from the table, the box's rules paper from paper.
        for table in [60...109, 160...189] {
            let photo = try #require(LeptImage(owning: Self.photo(table: table, boxed: true)))
            let found = try #require(PaperFinder.find(in: photo), "table \(table)")
            for (corner, expected) in zip(found.corners, Self.truth.corners) {
                #expect(abs(corner.x - expected.x) < 14 && abs(corner.y - expected.y) < 14, "table \(table): corner \(corner) far from \(expected)")
            }
        }
    }

    @Test func aRuleUnderADarkerHeadIsNoSheetsSide() throws {
        // A scan shaded darker above a rule across it (a tilted scan's head on the white lid, SROIE 133
        // turned 1.5 degrees): the head is printed paper, and below the rule lies brighter paper, as a
        // white table would; but its three other sides lie at the frame's end, so one side alone
        // speaks for a sheet there. The same printed block on a dark table is a sheet.
        func picture(table: UInt32?) -> LeptImage? {
            guard let pix = pixCreate(300, 400, 8) else { return nil }
            for y in 0..<400 {
                for x in 0..<300 {
                    let onBlock = table == nil || (x >= 40 && x < 260 && y >= 40 && y < 200)
                    var value: UInt32 = table ?? 0
                    if onBlock {
                        value = y < 150 ? 200 : 225
                        if (148..<151).contains(y) { value = 50 }                     // the rule
                        if y % 12 < 3, x % 6 < 4, x > 50, x < 250 { value = 60 }    // lines of print
                    }
                    pixSetPixel(pix, Int32(x), Int32(y), value)
                }
            }
            return LeptImage(owning: pix)
        }
        let scan = try #require(picture(table: nil).flatMap(GreyPlane.init))
        let head = PaperQuad(topLeft: SIMD2(0, 0), topRight: SIMD2(299, 0), bottomRight: SIMD2(299, 148), bottomLeft: SIMD2(0, 148))
        let (compared, headIsSheet) = (PaperSurface.sides(of: head, in: scan).compactMap(\.beyond).count, PaperSurface.isSheet(head, in: scan))
        #expect(compared == 1 && !headIsSheet)
        let photo = try #require(picture(table: 70).flatMap(GreyPlane.init))
        let block = PaperQuad(topLeft: SIMD2(40, 40), topRight: SIMD2(259, 40), bottomRight: SIMD2(259, 199), bottomLeft: SIMD2(40, 199))
        let blockIsSheet = PaperSurface.isSheet(block, in: photo)
        #expect(blockIsSheet)
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

    /// A 900 × 1000 grey photo: a grainy table (levels `table`, dark wood by default) with the
    /// rendered receipt warped onto `truth`. The caller destroys it.
    /// With `shadowBelow`, a soft shadow darkens everything under that row to 45 % over 200 pixels
    /// (a hand or the phone between the lamp and the receipt); with `fingerAt`, a skin-dark finger 60
    /// pixels wide comes from below right over that point; with `creaseAt`, the paper is folded
    /// across at that row of the photo (a dark line, the part below turned from the light, darker).
    /// `font`: the print's size (a phone photo's print is small beside its paper).
    /// With `boxed`, the receipt has a ruled box printed around its items (`boxedReceipt`).
    static func photo(shadowBelow: Double? = nil, table: ClosedRange<Int> = 60...109, fingerAt finger: SIMD2<Double>? = nil,
                      creaseAt crease: Double? = nil, font: String = "DejaVu Sans Mono 16", boxed: Bool = false) -> UnsafeMutablePointer<PIX>? {
        let receipt = boxed ? boxedReceipt(noise: false)
            : ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, font: font, degrees: 0, noise: false)
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
                    if let crease, Double(y) >= crease {
                        value = Double(y) < crease + 3 ? 120 : UInt32(Double(value) * 0.55)
                    }
                } else {
                    value = UInt32(table.lowerBound + Int(generator.next() % UInt64(table.count)))
                }
                if let finger {
                    // A band from the point towards the bottom right, round at its tip.
                    let d = SIMD2(Double(x), Double(y)) - finger, along = (d * SIMD2(0.6, 0.8)).sum()
                    let across = abs((d * SIMD2(0.8, -0.6)).sum())
                    if (along > 0 && across < 30) || (d * d).sum() < 900 { value = 150 }
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

    /// The Costco receipt, upright, with a box ruled (four pixels wide, dark grey) around its five
    /// items, across nearly the receipt's width. The caller destroys it.
    static func boxedReceipt(noise: Bool) -> UnsafeMutablePointer<PIX> {
        let receipt = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0, noise: noise)
        let (left, top, right, bottom): (Int32, Int32, Int32, Int32) = (16, 30 + 4 * 26 - 8, pixGetWidth(receipt) - 17, 30 + 9 * 26 + 2)
        for width in 0..<Int32(4) {
            for x in left...right {
                pixSetPixel(receipt, x, top + width, 50)
                pixSetPixel(receipt, x, bottom - width, 50)
            }
            for y in top...bottom {
                pixSetPixel(receipt, left + width, y, 50)
                pixSetPixel(receipt, right - width, y, 50)
            }
        }
        return receipt
    }
}
