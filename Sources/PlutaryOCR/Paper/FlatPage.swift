import CTesseract

/// The page OCR reads: the receipt's paper cut out of a photo and made upright
/// when one is found, else the image itself; with the map from its pixels back
/// to the source's, so every box OCR reports lands on the picture the review shows.
struct FlatPage {
    let image: LeptImage
    /// Where the paper was found in the source; nil when the page is the source.
    let quad: PaperQuad?
    private let toSource: Homography?
    private let toPage: Homography?
    private let sourceSize: (width: Int, height: Int)

    /// The source as it is.
    init(unchanged source: LeptImage) {
        (image, quad, toSource, toPage, sourceSize) = (source, nil, nil, nil, (source.width, source.height))
    }

    /// The paper at `given` (corners the person placed), else where it is found.
    init(_ source: LeptImage, paper given: PaperQuad? = nil) {
        sourceSize = (source.width, source.height)
        guard let quad = given ?? PaperFinder.find(in: source), quad.isConvex, let flat = Self.flatten(source, quad) else {
            (image, self.quad, toSource, toPage) = (source, nil, nil, nil)
            return
        }
        let rectangle = [SIMD2(0.0, 0.0), SIMD2(Double(flat.width), 0), SIMD2(Double(flat.width), Double(flat.height)),
                         SIMD2(0, Double(flat.height))]
        (image, self.quad) = (flat, quad)
        toSource = Homography(from: rectangle, to: quad.corners)
        toPage = Homography(from: quad.corners, to: rectangle)
    }

    /// The paper warped onto an upright rectangle of its own size (within the source's).
    private static func flatten(_ source: LeptImage, _ quad: PaperQuad) -> LeptImage? {
        var (width, height) = quad.flatSize
        // The warp's output is the source's size; a sheet measured longer is shrunk to fit.
        let fit = min(1, Double(source.width) / Double(width), Double(source.height) / Double(height))
        width = Int(Double(width) * fit)
        height = Int(Double(height) * fit)
        guard width >= ImageLoader.minimumSide, height >= ImageLoader.minimumSide else { return nil }
        var target: UnsafeMutablePointer<PTA>? = ptaCreate(4), corners: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        defer { ptaDestroy(&target); ptaDestroy(&corners) }
        for (x, y) in [(0, 0), (width, 0), (width, height), (0, height)] { ptaAddPt(target, Float(x), Float(y)) }
        for corner in quad.corners { ptaAddPt(corners, Float(corner.x), Float(corner.y)) }
        let upright = source.map { pixRemoveAlpha($0) }.map { pixProjectivePta($0, target, corners, Int32(L_BRING_IN_WHITE)) }
        guard upright !== source, let clip = boxCreate(0, 0, Int32(width), Int32(height)) else { return nil }
        var box: UnsafeMutablePointer<BOX>? = clip
        defer { boxDestroy(&box) }
        return LeptImage(owning: pixClipRectangle(upright.pix, clip, nil))
    }

    /// A box on the page, as the bounding box of its corners on the source.
    func sourceBox(_ box: OCRBox) -> OCRBox { mapped(box, by: toSource) }

    /// A line's band on the source as a band on the page: its middle mapped, its height the mapped
    /// height at the middle. The bounding box of a tilted line's corners would span the lines around it.
    func pageBand(_ box: OCRBox) -> OCRBox {
        guard let toPage else { return box }
        let middle = Double(box.x) + Double(box.width) / 2
        let top = toPage.apply(SIMD2(middle, Double(box.y))), bottom = toPage.apply(SIMD2(middle, Double(box.y + box.height)))
        let height = max(1, Int((bottom - top).y.magnitude.rounded()))
        let centre = toPage.apply(SIMD2(middle, Double(box.y) + Double(box.height) / 2))
        return OCRBox(x: 0, y: Int(centre.y.rounded()) - height / 2, width: max(1, Int(box.width)), height: height)
    }

    /// A result read from the page, with its boxes and size on the source.
    func sourceResult(_ result: OCRResult) -> OCRResult {
        guard toSource != nil else { return result }
        var mapped = result
        mapped.lines = result.lines.map { var line = $0; line.box = sourceBox(line.box); return line }
        mapped.words = result.words.map { var word = $0; word.box = sourceBox(word.box); return word }
        mapped.paper = quad
        mapped.imageWidth = sourceSize.width
        mapped.imageHeight = sourceSize.height
        return mapped
    }

    private func mapped(_ box: OCRBox, by map: Homography?) -> OCRBox {
        guard let map else { return box }
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
            .map { map.apply(SIMD2(Double($0.0), Double($0.1))) }
        let left = Int(corners.map(\.x).min()!.rounded(.down)), right = Int(corners.map(\.x).max()!.rounded(.up))
        let top = Int(corners.map(\.y).min()!.rounded(.down)), bottom = Int(corners.map(\.y).max()!.rounded(.up))
        return OCRBox(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}
