import CTesseract
import Foundation

/// The EXIF orientation tag of a JPEG (1...8) and how to undo it. Parsed here because
/// Leptonica decodes the pixels but ignores EXIF, and phones store receipts sideways.
struct ExifOrientation: Equatable {
    let value: Int

    static let normal = ExifOrientation(value: 1)

    /// Reads tag 0x0112 from IFD0 of the APP1 Exif segment; nil when absent or malformed.
    static func read(jpeg data: Data) -> ExifOrientation? {
        let bytes = [UInt8](data.prefix(256 * 1024))  // APP1 is limited to 64 KiB and comes early.
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // Start of scan: no Exif before the pixels.
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let body = offset + 4
            if marker == 0xE1, body + 6 <= bytes.count, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return parseTIFF(bytes, start: body + 6, end: min(offset + 2 + length, bytes.count))
            }
            offset += 2 + length
        }
        return nil
    }

    private static func parseTIFF(_ b: [UInt8], start: Int, end: Int) -> ExifOrientation? {
        guard start + 8 <= end else { return nil }
        let little: Bool
        switch (b[start], b[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(little ? at : at + 2), let hi = u16(little ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(start + 2) == 42, let ifd = u32(start + 4), let count = u16(start + ifd) else { return nil }
        for index in 0..<count {
            let entry = start + ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            // Orientation is a SHORT (type 3) stored in the first two bytes of the value field.
            if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) {
                return ExifOrientation(value: value)
            }
        }
        return nil
    }

    /// The image turned upright.
    func apply(to image: LeptImage) -> LeptImage {
        switch value {
        case 2: image.map { pixFlipLR(nil, $0) }
        case 3: image.map { pixRotateOrth($0, 2) }
        case 4: image.map { pixFlipTB(nil, $0) }
        case 5: image.map { pixRotateOrth($0, 1) }.map { pixFlipLR(nil, $0) }  // transpose
        case 6: image.map { pixRotateOrth($0, 1) }  // 90° clockwise
        case 7: image.map { pixRotateOrth($0, 1) }.map { pixFlipTB(nil, $0) }  // transverse
        case 8: image.map { pixRotateOrth($0, 3) }  // 90° counter-clockwise
        default: image
        }
    }
}
