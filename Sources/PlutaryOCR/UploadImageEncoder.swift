import CTesseract
import Foundation
import PlutaryCore

/// Prepares a receipt image for remote analysis: decoded with the same checks
/// as OCR, downscaled so its longer side fits `maxSide`, re-encoded as JPEG
/// quality 80. The size shown to the person is the size that will be sent.
public struct UploadImageEncoder: Sendable {
    public var maxSide: Int
    public var quality: Int32
    public var maxMegapixels: Int

    public init(maxSide: Int = 2000, quality: Int32 = 80, maxMegapixels: Int = 40) {
        self.maxSide = maxSide
        self.quality = quality
        self.maxMegapixels = maxMegapixels
    }

    public func encode(fileAt url: URL) throws -> PreparedUpload {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw OCRError.unreadable(file: url.path, reason: error.localizedDescription)
        }
        return try encode(data: data, name: url.lastPathComponent)
    }

    /// `encode` for async code: decoding and JPEG encoding (a second for a large photo) run on a worker thread.
    public func encode(fileAt url: URL) async throws -> PreparedUpload {
        try await WorkerThread.run { try self.encode(fileAt: url) }
    }

    public func encode(data: Data, name: String) throws -> PreparedUpload {
        // The services take pictures: a PDF sends its first page.
        var image = ImageFileType.sniff(data) == .pdf
            ? try PDFDocument(data: data, name: name).render(page: 0, maxMegapixels: maxMegapixels)
            : try ImageLoader.load(data: data, name: name, maxMegapixels: maxMegapixels)
        let longer = max(image.width, image.height)
        if longer > maxSide {
            let factor = Float(maxSide) / Float(longer)
            image = image.map { pixScaleGeneral($0, factor, factor, 0, 0) }
        }
        // JPEG holds 8-bit grey or 24-bit colour: drop alpha, expand 1/2/4-bit and colour-mapped images.
        image = image.map { pixRemoveAlpha($0) }
        if image.depth != 8 && image.depth != 32 || pixGetColormap(image.pix) != nil {
            image = image.map { pixConvertTo32($0) }
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, image.pix, quality, 0) == 0, let bytes else {
            throw OCRError.decodeFailed(file: name, reason: "cannot encode the image as JPEG")
        }
        defer { free(bytes) }
        return PreparedUpload(jpeg: Data(bytes: bytes, count: size), width: image.width, height: image.height)
    }
}
