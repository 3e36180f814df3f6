import Foundation

/// Image formats the OCR can read, recognised by their first bytes so a text
/// file named `.jpg` is refused before it is queued.
public enum ImageFileType: String, Sendable, CaseIterable {
    case jpeg, png, tiff, webp, bmp, pnm, gif
    /// Not an image, but read like one: its text layer, or its pages rendered (PlutaryOCR's `PDFDocument`).
    case pdf

    /// The MIME types a file chooser or drop target should offer.
    public static let mimeTypes = ["image/jpeg", "image/png", "image/tiff", "image/webp", "image/bmp",
                                   "image/x-portable-anymap", "image/gif", "application/pdf"]

    public static func sniff(_ header: Data) -> ImageFileType? {
        let bytes = [UInt8](header.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if bytes.count >= 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]) { return .pnm }
        return nil
    }

    /// Reads the first bytes of a file; nil when it is unreadable or not an image.
    public static func sniff(fileAt url: URL) -> ImageFileType? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 12)).flatMap { sniff($0) }
    }
}
