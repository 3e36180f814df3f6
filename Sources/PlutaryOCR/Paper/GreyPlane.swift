import CTesseract

/// An 8-bit grey picture's levels in a Swift array: the paper finder reads each pixel many times
/// (gradients, line votes, profiles across a side), which Leptonica's per-pixel calls make slow.
struct GreyPlane {
    let width: Int
    let height: Int
    let levels: [UInt8]

    /// nil unless `image` is 8 bits deep.
    init?(_ image: LeptImage) {
        guard image.depth == 8, let data = pixGetData(image.pix) else { return nil }
        (width, height) = (image.width, image.height)
        let wordsPerLine = Int(pixGetWpl(image.pix))
        var levels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let line = data + y * wordsPerLine
            // Leptonica packs four pixels a word, the first in the top byte.
            for x in 0..<width { levels[y * width + x] = UInt8(truncatingIfNeeded: line[x >> 2] >> (24 - 8 * UInt32(x & 3))) }
        }
        self.levels = levels
    }

    subscript(x: Int, y: Int) -> Int { Int(levels[y * width + x]) }

    /// The level at the pixel nearest to `point`; nil outside the picture.
    func level(_ point: SIMD2<Double>) -> Int? {
        let x = Int(point.x.rounded()), y = Int(point.y.rounded())
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return self[x, y]
    }

    /// The Sobel gradient at an inner pixel, in levels per pixel.
    func sobel(_ x: Int, _ y: Int) -> SIMD2<Double> {
        let a = self[x - 1, y - 1], b = self[x, y - 1], c = self[x + 1, y - 1], d = self[x - 1, y], f = self[x + 1, y]
        let g = self[x - 1, y + 1], h = self[x, y + 1], k = self[x + 1, y + 1]
        return SIMD2(Double((c + 2 * f + k) - (a + 2 * d + g)), Double((g + 2 * h + k) - (a + 2 * b + c))) / 8
    }

    /// The Sobel gradient's size at the pixel nearest to `point`; nil at the border or outside.
    func gradient(_ point: SIMD2<Double>) -> Double? {
        let x = Int(point.x.rounded()), y = Int(point.y.rounded())
        guard x >= 1, y >= 1, x < width - 1, y < height - 1 else { return nil }
        let g = sobel(x, y)
        return (g * g).sum().squareRoot()
    }
}
