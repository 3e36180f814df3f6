import CTesseract
import Foundation
@testable import PlutaryOCR
import PlutaryCore
import Testing

/// Tiny files declaring 40000×40000 pixels in every accepted format: each is
/// refused from its header, before Leptonica decodes a pixel.
@Suite struct ImageBombTests {
    let pipeline = TestPipelines.english
    static let side = 40_000

    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
    private func be16(_ value: Int) -> [UInt8] { le16(value).reversed() }
    private func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }

    /// A GIF whose one frame is 40000×40000, its LZW data a single clear-and-end code: 1 KB that
    /// giflib would decode into 1.6 GB.
    var gif: Data {
        var bytes = Array("GIF89a".utf8) + le16(Self.side) + le16(Self.side) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C] + le16(0) + le16(0) + le16(Self.side) + le16(Self.side) + [0]
        bytes += [2, 2, 0x4C, 0x01, 0, 0x3B]
        return Data(bytes)
    }

    var bombs: [(name: String, data: Data, side: Int)] {
        let side = Self.side
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
        png += be32(side) + be32(side) + [8, 0, 0, 0, 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        // An EXIF thumbnail of 16×16 comes first, inside APP1: the frame that counts is the SOF after it.
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0] + be16(11) + [8] + be16(16) + be16(16) + [1, 1, 0x11, 0]
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + be16(2 + thumbnail.count) + thumbnail
        jpeg += [0xFF, 0xC2] + be16(11) + [8] + be16(side) + be16(side) + [1, 1, 0x11, 0] + [0xFF, 0xDA] + be16(8)
        jpeg += [1, 1, 0, 0, 63, 0, 0, 0xFF, 0xD9]
        var tiff: [UInt8] = Array("II".utf8) + le16(42) + le32(8) + le16(2)
        tiff += le16(256) + le16(4) + le32(1) + le32(side)
        tiff += le16(257) + le16(3) + le32(1) + le16(side) + le16(0) + le32(0)
        var bmp: [UInt8] = Array("BM".utf8) + le32(54) + le32(0) + le32(54) + le32(40) + le32(side) + le32(-side & 0xFFFF_FFFF)
        bmp += le16(1) + le16(24) + [UInt8](repeating: 0, count: 24)
        var webp: [UInt8] = Array("RIFF".utf8) + le32(30) + Array("WEBPVP8X".utf8) + le32(10) + [0, 0, 0, 0]
        webp += [UInt8((side - 1) & 0xFF), UInt8((side - 1) >> 8 & 0xFF), UInt8((side - 1) >> 16)]
        webp += [UInt8((side - 1) & 0xFF), UInt8((side - 1) >> 8 & 0xFF), UInt8((side - 1) >> 16)]
        // Lossless WebP has 14 bits a side: 16000 is near its most.
        let lossless: [UInt8] = Array("RIFF".utf8) + le32(20) + Array("WEBPVP8L".utf8) + le32(5) + [0x2F]
            + le32((16000 - 1) | (16000 - 1) << 14)
        let pnm = Data("P5\n# a comment\n\(side) \(side)\n255\n".utf8) + Data(count: 16)
        return [("bomb.png", Data(png), side), ("bomb.jpg", Data(jpeg), side), ("bomb.gif", gif, side),
                ("bomb.tif", Data(tiff), side), ("bomb.bmp", Data(bmp), side), ("bomb.webp", Data(webp), side),
                ("lossless.webp", Data(lossless), 16000), ("bomb.pgm", pnm, side)]
    }

    @Test func everyFormatIsRefusedFromItsHeader() {
        for (name, data, side) in bombs {
            #expect(throws: OCRError.tooLarge(file: name, width: side, height: side, limitMegapixels: 40), "\(name)") {
                try pipeline.recognize(data: data, name: name)
            }
        }
    }

    /// Many small frames add up: giflib keeps every frame it decodes.
    @Test func aGIFsFramesCountTogether() {
        var bytes = Array("GIF89a".utf8) + le16(5000) + le16(5000) + [0, 0, 0]
        for _ in 0..<3 { bytes += [0x2C] + le16(0) + le16(0) + le16(5000) + le16(5000) + [0] + [2, 2, 0x4C, 0x01, 0] }
        let data = Data(bytes + [0x3B])
        let size = data.withUnsafeBytes { ImageHeader.size(of: $0.bindMemory(to: UInt8.self), type: .gif) }
        #expect(size?.width == 5000 && size?.height == 5000 && size?.pixels == 4 * 25_000_000)
        #expect(throws: OCRError.tooLarge(file: "frames.gif", width: 5000, height: 5000, limitMegapixels: 40)) {
            try pipeline.recognize(data: data, name: "frames.gif")
        }
    }

    /// The header reader agrees with the decoder on real files of every format Leptonica writes.
    @Test func headersAgreeWithTheDecodedSize() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ["TOTAL 41.02"], noise: false)
        defer { pixDestroy(&pix) }
        let formats = [IFF_PNG, IFF_JFIF_JPEG, IFF_GIF, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF, IFF_BMP, IFF_PNM, IFF_WEBP]
        for format in formats {
            var bytes: UnsafeMutablePointer<UInt8>?
            var count = 0
            var source: UnsafeMutablePointer<PIX>? = format == IFF_TIFF_G4 ? pixConvertTo1(pix, 128) : pixClone(pix)
            defer { pixDestroy(&source) }
            try #require(pixWriteMem(&bytes, &count, source, Int32(format)) == 0, "format \(format)")
            let data = Data(bytes: bytes!, count: count)
            free(bytes)
            let type = try #require(ImageFileType.sniff(data), "format \(format)")
            let size = data.withUnsafeBytes { ImageHeader.size(of: $0.bindMemory(to: UInt8.self), type: type) }
            #expect(size?.width == Int(pixGetWidth(source)) && size?.height == Int(pixGetHeight(source)), "format \(format)")
        }
    }
}
