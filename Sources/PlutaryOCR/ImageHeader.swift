import Foundation
import PlutaryCore

/// An image's size read from its own header, without decoding a pixel, for
/// every format the app accepts. Leptonica's header reader decodes some formats
/// whole (all of a GIF's frames) before it answers, so a small file declaring a
/// huge picture would cost gigabytes before the limit could refuse it.
enum ImageHeader {
    /// Width and height, and the pixels the decoder would allocate (a GIF's frames all count).
    typealias Size = (width: Int, height: Int, pixels: Int)

    /// Nil when the header is cut short or malformed.
    static func size(of bytes: UnsafeBufferPointer<UInt8>, type: ImageFileType) -> Size? {
        let reader = ByteReader(bytes: bytes)
        switch type {
        case .png: return png(reader)
        case .jpeg: return jpeg(reader)
        case .gif: return gif(reader)
        case .tiff: return tiff(reader)
        case .bmp: return bmp(reader)
        case .webp: return webp(reader)
        case .pnm: return pnm(reader)
        case .pdf: return nil  // pages, not pixels: see PDFDocument
        }
    }

    private static func rectangle(_ width: Int, _ height: Int) -> Size? {
        guard width > 0, height > 0 else { return nil }
        return (width, height, width * height)
    }

    /// IHDR is the first chunk: width and height, big-endian, at 16 and 20.
    private static func png(_ reader: ByteReader) -> Size? {
        guard reader.ascii(12, 4) == "IHDR", let width = reader.u32(16, big: true), let height = reader.u32(20, big: true) else { return nil }
        return rectangle(width, height)
    }

    /// The first start-of-frame segment (SOF0…SOF15 but DHT, JPG and DAC) holds
    /// height and width; segments before it are skipped by their lengths, so an
    /// EXIF thumbnail inside APP1 is never mistaken for the picture.
    private static func jpeg(_ reader: ByteReader) -> Size? {
        var at = 2
        while let marker = reader.u8(at), marker == 0xFF {
            guard var code = reader.u8(at + 1) else { return nil }
            at += 1
            while code == 0xFF { at += 1; guard let next = reader.u8(at) else { return nil }; code = next }
            at += 1
            if code == 0xD8 || code == 0x01 || (0xD0...0xD7).contains(code) { continue }
            guard code != 0xD9, code != 0xDA, let length = reader.u16(at, big: true), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                guard let height = reader.u16(at + 3, big: true), let width = reader.u16(at + 5, big: true) else { return nil }
                return rectangle(width, height)
            }
            at += length
        }
        return nil
    }

    /// The logical screen, then every frame's descriptor: giflib decodes all
    /// frames, each at its own size, so their areas add up.
    private static func gif(_ reader: ByteReader) -> Size? {
        guard let screenWidth = reader.u16(6, big: false), let screenHeight = reader.u16(8, big: false),
              let flags = reader.u8(10) else { return nil }
        var width = screenWidth, height = screenHeight, pixels = screenWidth * screenHeight
        var at = 13 + (flags & 0x80 != 0 ? 3 << ((Int(flags) & 7) + 1) : 0)
        func skipSubBlocks() -> Bool {
            while let size = reader.u8(at) {
                at += 1 + Int(size)
                if size == 0 { return true }
            }
            return false
        }
        loop: while let introducer = reader.u8(at) {
            switch introducer {
            case 0x2C:
                guard let left = reader.u16(at + 1, big: false), let top = reader.u16(at + 3, big: false),
                      let frameWidth = reader.u16(at + 5, big: false), let frameHeight = reader.u16(at + 7, big: false),
                      let frameFlags = reader.u8(at + 9) else { return nil }
                width = max(width, left + frameWidth)
                height = max(height, top + frameHeight)
                pixels += frameWidth * frameHeight
                at += 10 + (frameFlags & 0x80 != 0 ? 3 << ((Int(frameFlags) & 7) + 1) : 0) + 1  // + LZW code size
                guard skipSubBlocks() else { break loop }
            case 0x21:
                at += 2
                guard skipSubBlocks() else { break loop }
            default:
                break loop  // 0x3B (trailer) or garbage: giflib stops there too.
            }
        }
        guard width > 0, height > 0 else { return nil }
        return (width, height, pixels)
    }

    /// The first directory's ImageWidth (256) and ImageLength (257); Leptonica reads the first page only.
    private static func tiff(_ reader: ByteReader) -> Size? {
        let big = reader.u8(0) == UInt8(ascii: "M")
        guard let directory = reader.u32(4, big: big), let count = reader.u16(directory, big: big) else { return nil }
        var width: Int?, height: Int?
        for index in 0..<count {
            let entry = directory + 2 + index * 12
            guard let tag = reader.u16(entry, big: big), let type = reader.u16(entry + 2, big: big) else { return nil }
            guard tag == 256 || tag == 257 else { continue }
            let value = type == 3 ? reader.u16(entry + 8, big: big) : type == 4 ? reader.u32(entry + 8, big: big) : nil
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return rectangle(width, height)
    }

    /// BITMAPCOREHEADER (12 bytes, 16-bit sides) or a later header (32-bit sides, height negative when top-down).
    private static func bmp(_ reader: ByteReader) -> Size? {
        guard let headerSize = reader.u32(14, big: false) else { return nil }
        if headerSize == 12 {
            guard let width = reader.u16(18, big: false), let height = reader.u16(20, big: false) else { return nil }
            return rectangle(width, height)
        }
        guard let width = reader.u32(18, big: false), let height = reader.u32(22, big: false) else { return nil }
        return rectangle(Int(Int32(truncatingIfNeeded: width)), abs(Int(Int32(truncatingIfNeeded: height))))
    }

    /// The first chunk says which: VP8 (lossy key frame), VP8L (lossless) or VP8X (extended canvas).
    private static func webp(_ reader: ByteReader) -> Size? {
        switch reader.ascii(12, 4) {
        case "VP8 ":
            guard reader.u8(23) == 0x9D, reader.u8(24) == 0x01, reader.u8(25) == 0x2A,
                  let width = reader.u16(26, big: false), let height = reader.u16(28, big: false) else { return nil }
            return rectangle(width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard reader.u8(20) == 0x2F, let bits = reader.u32(21, big: false) else { return nil }
            return rectangle((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = reader.u24(24), let height = reader.u24(27) else { return nil }
            return rectangle(width + 1, height + 1)
        default:
            return nil
        }
    }

    /// "P1"…"P6", then width and height as decimal text, with '#' comments to the end of a line.
    private static func pnm(_ reader: ByteReader) -> Size? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var numbers: [Int] = []
        var at = 2
        while numbers.count < 2, let byte = reader.u8(at) {
            if byte == UInt8(ascii: "#") {
                while let next = reader.u8(at), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { at += 1 }
            } else if digits.contains(byte) {
                var value = 0
                while let digit = reader.u8(at), digits.contains(digit) {
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                    guard value < 1 << 31 else { return nil }
                    at += 1
                }
                numbers.append(value)
                continue
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte) {
                return nil
            }
            at += 1
        }
        guard numbers.count == 2 else { return nil }
        return rectangle(numbers[0], numbers[1])
    }

    /// Bounds-checked little- and big-endian reads; nil past the end.
    private struct ByteReader {
        let bytes: UnsafeBufferPointer<UInt8>

        func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

        func u16(_ at: Int, big: Bool) -> Int? {
            guard let a = u8(at), let b = u8(at + 1) else { return nil }
            return big ? Int(a) << 8 | Int(b) : Int(b) << 8 | Int(a)
        }

        func u24(_ at: Int) -> Int? {
            guard let a = u8(at), let b = u8(at + 1), let c = u8(at + 2) else { return nil }
            return Int(c) << 16 | Int(b) << 8 | Int(a)
        }

        func u32(_ at: Int, big: Bool) -> Int? {
            guard let high = u16(at + (big ? 0 : 2), big: big), let low = u16(at + (big ? 2 : 0), big: big) else { return nil }
            return high << 16 | low
        }

        func ascii(_ at: Int, _ count: Int) -> String? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + count)]), as: UTF8.self)
        }
    }
}
