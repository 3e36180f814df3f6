import CTesseract
import Foundation
import PlutaryCore

/// A PDF receipt as the review shows it: every page, stacked as `PDFLayout` places them,
/// so the word boxes (in pixels at `PDFDocument.dpi`) land on the right page.
public enum PDFPreview {
    /// Pages are drawn at this resolution and scaled up on screen: a quarter of the memory
    /// of drawing them at the reading resolution, sharp enough for a whole-page view.
    public static let dpi = 150.0
    /// The most the stacked pages may take; a longer PDF is drawn at a lower resolution.
    static let maxMegapixels = 40

    /// The pages as a PNG file's bytes, and the size the word boxes refer to (the PNG is
    /// smaller by `dpi` / `PDFDocument.dpi`, or more for a long PDF). Blocking.
    public static func render(fileAt url: URL) throws -> (png: Data, width: Int, height: Int) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw OCRError.unreadable(file: url.lastPathComponent, reason: (error as NSError).localizedDescription)
        }
        let document = try PDFDocument(data: data, name: url.lastPathComponent)
        let full = Double(document.layout.width * document.layout.height)
        let fitting = PDFDocument.dpi * (Double(maxMegapixels * 1_000_000) / full).squareRoot()
        let image = try document.renderStacked(dpi: min(dpi, fitting), maxMegapixels: maxMegapixels)
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&bytes, &size, image.pix, 0) == 0, let bytes else {
            throw OCRError.decodeFailed(file: url.lastPathComponent, reason: "cannot encode the pages")
        }
        defer { free(bytes) }
        return (Data(bytes: bytes, count: size), document.layout.width, document.layout.height)
    }
}
