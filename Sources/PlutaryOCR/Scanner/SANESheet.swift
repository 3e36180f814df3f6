import CSANE
import CTesseract
import Foundation
import PlutaryCore

/// One scanned sheet as SANE sent it, turned into an 8-bit grey Leptonica image.
struct SANESheet {
    let image: LeptImage

    /// Grey at 1, 8 or 16 bits, or interleaved RGB at 8 or 16 (a device that does not offer grey).
    init(parameters: SANE_Parameters, bytes: [UInt8]) throws {
        let stride = Int(parameters.bytes_per_line), width = Int(parameters.pixels_per_line), depth = Int(parameters.depth)
        let channels = parameters.format == SANE_FRAME_RGB ? 3 : 1
        guard parameters.format == SANE_FRAME_GRAY || parameters.format == SANE_FRAME_RGB, [1, 8, 16].contains(depth),
              !(channels == 3 && depth == 1), stride > 0, width > 0 else {
            throw ScannerError.failed(String(format: tr("unsupported image format (frame %d, %d bits)"),
                                             Int(parameters.format.rawValue), depth))
        }
        // A hand scanner does not know its height ahead (lines is -1): the data says it.
        let height = bytes.count / stride
        guard height > 0, let image = LeptImage(owning: pixCreate(Int32(width), Int32(height), 8)), let data = pixGetData(image.pix) else {
            throw ScannerError.failed(tr("the scanner sent no image"))
        }
        let wordsPerLine = Int(pixGetWpl(image.pix))
        bytes.withUnsafeBytes { raw in
            // One sample, scaled to 8 bits; 16-bit samples are in the machine's byte order.
            func sample(_ offset: Int) -> Int {
                depth == 16 ? Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self) >> 8) : Int(raw[offset])
            }
            for y in 0..<height {
                let row = y * stride
                let line = data + y * wordsPerLine
                for x in 0..<width {
                    let grey: Int
                    if depth == 1 {
                        // Line art: a set bit is black.
                        grey = raw[row + x / 8] & (0x80 >> (x % 8)) != 0 ? 0 : 255
                    } else if channels == 1 {
                        grey = sample(row + x * depth / 8)
                    } else {
                        let pixel = row + x * 3 * depth / 8, step = depth / 8
                        grey = (sample(pixel) * 299 + sample(pixel + step) * 587 + sample(pixel + 2 * step) * 114) / 1000
                    }
                    // Leptonica keeps the first of a word's four 8-bit pixels in its top byte.
                    line[x / 4] |= UInt32(grey) << (24 - 8 * (x % 4))
                }
            }
        }
        self.image = image
    }

    func writePNG(to file: URL, resolution: Int) throws {
        pixSetResolution(image.pix, Int32(resolution), Int32(resolution))
        // Created the owner's alone first: Leptonica's fopen would leave it readable by all (0644).
        guard PrivateFile.create(file.path), pixWrite(file.path, image.pix, Int32(IFF_PNG)) == 0 else {
            throw ScannerError.failed(String(format: tr("cannot write %@"), file.lastPathComponent))
        }
    }
}
