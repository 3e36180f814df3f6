import CTesseract

/// Writes images into the models' input tensors: channel planes in PaddleOCR's order (blue,
/// green, red, as OpenCV decodes), each value (v / 255 − 0.5) / 0.5, i.e. −1…1.
enum TensorPacker {
    /// Writes a 32-bpp `image` at `offset` (the start of its three planes of `planeWidth` ×
    /// `planeHeight`); what it does not cover keeps its value (0, the models' padding).
    static func pack(_ image: LeptImage, into tensor: inout [Float], offset: Int, planeWidth: Int, planeHeight: Int) {
        precondition(image.depth == 32, "pack expects a 32-bpp image")
        let width = min(image.width, planeWidth), height = min(image.height, planeHeight)
        guard let data = pixGetData(image.pix) else { return }
        let wordsPerLine = Int(pixGetWpl(image.pix))
        let plane = planeWidth * planeHeight
        tensor.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                let row = offset + y * planeWidth
                for x in 0..<width {
                    // Leptonica keeps red in the top byte, then green, then blue.
                    let pixel = line[x]
                    out[row + x] = Float((pixel >> 8) & 0xFF) / 127.5 - 1
                    out[row + plane + x] = Float((pixel >> 16) & 0xFF) / 127.5 - 1
                    out[row + 2 * plane + x] = Float(pixel >> 24) / 127.5 - 1
                }
            }
        }
    }
}
