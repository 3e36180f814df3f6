import CTesseract
import Foundation
import PlutaryCore

/// Decodes image files with Leptonica, refusing what would crash or exhaust memory.
enum ImageLoader {
    /// Smallest side that can hold a line of text; Tesseract refuses anything under 3 pixels anyway.
    static let minimumSide = 8

    static func load(data: Data, name: String, maxMegapixels: Int) throws -> LeptImage {
        LeptonicaLog.silence()
        guard !data.isEmpty else { throw OCRError.emptyFile(file: name) }
        // A PDF's pages, stacked as its word boxes place them.
        if ImageFileType.sniff(data) == .pdf {
            return try PDFDocument(data: data, name: name).renderStacked(maxMegapixels: maxMegapixels)
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> LeptImage in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { throw OCRError.emptyFile(file: name) }
            // The header alone says how much memory decoding would take: check it before decoding.
            // The formats the app accepts are read here (Leptonica's header reader decodes a GIF whole);
            // anything else Leptonica knows goes through its reader.
            let format: Int32, width: Int, height: Int, pixels: Int
            if let type = ImageFileType.sniff(data) {
                guard let size = ImageHeader.size(of: bytes, type: type) else {
                    throw OCRError.decodeFailed(file: name, reason: "the image header is damaged")
                }
                (format, width, height, pixels) = (Self.format(of: type), size.width, size.height, size.pixels)
            } else {
                var leptFormat: Int32 = 0, leptWidth: Int32 = 0, leptHeight: Int32 = 0
                var bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
                guard pixReadHeaderMem(base, bytes.count, &leptFormat, &leptWidth, &leptHeight, &bps, &spp, &colormap) == 0,
                      isSupported(leptFormat)
                else { throw OCRError.unsupportedFormat(file: name) }
                (format, width, height) = (leptFormat, Int(leptWidth), Int(leptHeight))
                pixels = width * height
            }
            if pixels > maxMegapixels * 1_000_000 {
                throw OCRError.tooLarge(file: name, width: width, height: height, limitMegapixels: maxMegapixels)
            }
            if width < minimumSide || height < minimumSide {
                throw OCRError.tooSmall(file: name, width: width, height: height)
            }
            let image: LeptImage
            if format == Int32(IFF_JFIF_JPEG) {
                // libjpeg pads a cut-off file with grey after warning on stderr; a receipt half
                // missing is an error, found before decoding.
                if isTruncatedJPEG(bytes) {
                    throw OCRError.decodeFailed(file: name, reason: "the JPEG file is truncated")
                }
                var warnings: Int32 = 0
                guard let decoded = LeptImage(owning: pixReadMemJpeg(base, bytes.count, 0, 1, &warnings, 0)) else {
                    throw OCRError.decodeFailed(file: name, reason: "corrupt JPEG data")
                }
                image = ExifOrientation.read(jpeg: data).map { $0.apply(to: decoded) } ?? decoded
            } else {
                // libpng reports a cut-off file on stderr before failing; catch that case first.
                if format == Int32(IFF_PNG), !hasPNGEnd(bytes) {
                    throw OCRError.decodeFailed(file: name, reason: "the PNG file is truncated")
                }
                guard let decoded = LeptImage(owning: pixReadMem(base, bytes.count)) else {
                    throw OCRError.decodeFailed(file: name, reason: "corrupt or truncated image data")
                }
                image = decoded
            }
            // The decoder, not the header, has the last word on the size.
            if image.width < minimumSide || image.height < minimumSide {
                throw OCRError.tooSmall(file: name, width: image.width, height: image.height)
            }
            return image
        }
    }

    /// Leptonica's code for a sniffed type (its TIFF readers tell the compressions apart themselves).
    private static func format(of type: ImageFileType) -> Int32 {
        switch type {
        case .jpeg: Int32(IFF_JFIF_JPEG)
        case .png: Int32(IFF_PNG)
        case .tiff: Int32(IFF_TIFF)
        case .webp: Int32(IFF_WEBP)
        case .bmp: Int32(IFF_BMP)
        case .pnm: Int32(IFF_PNM)
        case .gif: Int32(IFF_GIF)
        case .pdf: Int32(IFF_UNKNOWN)  // rendered by Poppler before this is asked
        }
    }

    private static func isSupported(_ format: Int32) -> Bool {
        let supported: [Int] = [
            IFF_BMP, IFF_JFIF_JPEG, IFF_PNG, IFF_TIFF, IFF_TIFF_PACKBITS,
            IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW,
            IFF_TIFF_ZIP, IFF_TIFF_JPEG, IFF_PNM, IFF_GIF, IFF_JP2,
            IFF_WEBP,
        ]
        return supported.contains(Int(format))
    }

    /// A complete PNG ends with the IEND chunk (length, type, CRC: 12 bytes).
    private static func hasPNGEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let iend = Array("IEND".utf8)
        let start = max(0, bytes.count - 64)  // Tolerate a little trailing padding.
        guard bytes.count >= 12 else { return false }
        return (start...(bytes.count - 4)).contains { at in (0..<4).allSatisfy { bytes[at + $0] == iend[$0] } }
    }

    /// True when the last end-of-image marker precedes the last start-of-scan, i.e. the main
    /// image's data stops early (an EOI found earlier belongs to the embedded thumbnail).
    private static func isTruncatedJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lastSOS = -1, lastEOI = -1
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                if bytes[index + 1] == 0xDA { lastSOS = index } else if bytes[index + 1] == 0xD9 { lastEOI = index }
            }
            index += 1
        }
        return lastEOI < lastSOS
    }
}
