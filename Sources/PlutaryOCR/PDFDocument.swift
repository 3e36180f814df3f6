import CPoppler
import CTesseract
import Foundation

/// One PDF opened with Poppler: its pages' text layer and their rendering. Not Sendable:
/// Poppler's document is used from one thread; every scan opens its own.
final class PDFDocument {
    /// Scanned pages are rendered for OCR at this resolution, and every PDF's word boxes are
    /// in pixels at it, pages stacked top to bottom (see `PDFLayout`).
    static let dpi = 300.0
    /// More pages than a receipt, invoice or statement has: a bigger file is refused unread.
    static let maxPages = 50

    let name: String
    private let document: OpaquePointer
    let layout: PDFLayout

    init(data: Data, name: String) throws {
        self.name = name
        guard !data.isEmpty else { throw OCRError.emptyFile(file: name) }
        // Poppler rebuilds a cut-off file's cross references and shows what is left, silently:
        // a receipt missing its end is refused instead, as a truncated JPEG or PNG is.
        guard Self.hasEnd(data) else { throw OCRError.pdfDamaged(file: name) }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let encrypted = error?.pointee.domain == poppler_error_quark() && error?.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
            if let error { g_error_free(error) }
            throw encrypted ? OCRError.pdfEncrypted(file: name) : OCRError.pdfDamaged(file: name)
        }
        self.document = document
        let count = Int(poppler_document_get_n_pages(document))
        guard count > 0 else { g_object_unref(UnsafeMutableRawPointer(document)); throw OCRError.pdfDamaged(file: name) }
        guard count <= Self.maxPages else {
            g_object_unref(UnsafeMutableRawPointer(document))
            throw OCRError.pdfTooManyPages(file: name, pages: count, limit: Self.maxPages)
        }
        var sizes: [(Double, Double)] = []
        for index in 0..<count {
            var width = 0.0, height = 0.0
            if let page = poppler_document_get_page(document, Int32(index)) {
                poppler_page_get_size(page, &width, &height)
                g_object_unref(UnsafeMutableRawPointer(page))
            }
            sizes.append((width, height))
        }
        layout = PDFLayout(pointSizes: sizes, dpi: Self.dpi)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    var pageCount: Int { layout.pages.count }

    /// A complete PDF ends with "%%EOF" (trailing whitespace or a little junk allowed).
    static func hasEnd(_ data: Data) -> Bool {
        let tail = data.suffix(1024)
        return tail.range(of: Data("%%EOF".utf8)) != nil
    }

    private func withPage<T>(_ index: Int, _ body: (OpaquePointer) throws -> T) throws -> T {
        guard let page = poppler_document_get_page(document, Int32(index)) else { throw OCRError.pdfDamaged(file: name) }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return try body(page)
    }

    /// The page's text layer as lines and words, boxes in pixels of the page at `dpi`; empty
    /// when the page has none (a scan).
    func textLayer(page index: Int) throws -> (lines: [OCRLine], words: [OCRWord]) {
        try withPage(index) { page in
            guard let raw = poppler_page_get_text(page) else { return ([], []) }
            defer { g_free(raw) }
            let text = String(cString: raw)
            var rectangles: UnsafeMutablePointer<PopplerRectangle>?
            var count: UInt32 = 0
            guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return ([], []) }
            defer { g_free(rectangles) }
            // One rectangle per character of the text, in points from the page's top left.
            let scale = Self.dpi / 72
            let boxes = (0..<Int(count)).map { index -> OCRBox in
                let r = rectangles[index]
                let left = min(r.x1, r.x2) * scale, top = min(r.y1, r.y2) * scale
                return OCRBox(x: Int(left.rounded(.down)), y: Int(top.rounded(.down)),
                              width: Int((abs(r.x2 - r.x1) * scale).rounded(.up)), height: Int((abs(r.y2 - r.y1) * scale).rounded(.up)))
            }
            return PDFTextLayer.lines(text: text, boxes: boxes)
        }
    }

    /// The page on white at `dpi`, as a 32-bit Leptonica image. A page that would take more
    /// than `maxMegapixels` (a poster-sized page declares what it likes) is refused before
    /// anything is allocated.
    func render(page index: Int, dpi: Double = PDFDocument.dpi, maxMegapixels: Int) throws -> LeptImage {
        let size = layout.pointSizes[index]
        let width = max(1, Int((size.0 * dpi / 72).rounded())), height = max(1, Int((size.1 * dpi / 72).rounded()))
        if width * height > maxMegapixels * 1_000_000 || max(width, height) > Int(Int16.max) {
            throw OCRError.tooLarge(file: name, width: width, height: height, limitMegapixels: maxMegapixels)
        }
        return try withPage(index) { page in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                throw OCRError.decodeFailed(file: name, reason: "cannot render the page")
            }
            let cr = cairo_create(surface)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, dpi / 72, dpi / 72)
            poppler_page_render(page, cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let pix = pixCreate(Int32(width), Int32(height), 32), let data = cairo_image_surface_get_data(surface) else {
                throw OCRError.decodeFailed(file: name, reason: "cannot render the page")
            }
            let image = LeptImage(owning: pix)!
            pixSetSpp(pix, 3)
            let stride = Int(cairo_image_surface_get_stride(surface)), wpl = Int(pixGetWpl(pix))
            let target = pixGetData(pix)!
            // Cairo's pixel is 0xXXRRGGBB in a native word, Leptonica's 0xRRGGBBAA.
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { target[y * wpl + x] = (row[x] << 8) | 0xFF }
            }
            return image
        }
    }

    /// Every page rendered and stacked as `layout` places them, scaled by `dpi` / `PDFDocument.dpi`.
    func renderStacked(dpi: Double = PDFDocument.dpi, maxMegapixels: Int) throws -> LeptImage {
        let factor = dpi / Self.dpi
        let width = max(1, Int((Double(layout.width) * factor).rounded())), height = max(1, Int((Double(layout.height) * factor).rounded()))
        if width * height > maxMegapixels * 1_000_000 {
            throw OCRError.tooLarge(file: name, width: width, height: height, limitMegapixels: maxMegapixels)
        }
        guard let pix = pixCreate(Int32(width), Int32(height), 32) else { throw OCRError.decodeFailed(file: name, reason: "out of memory") }
        let stacked = LeptImage(owning: pix)!
        pixSetSpp(pix, 3)
        pixSetAllArbitrary(pix, 0xC0C0_C0FF)  // grey between the pages
        for index in 0..<pageCount {
            let page = try render(page: index, dpi: dpi, maxMegapixels: maxMegapixels)
            let top = Int((Double(layout.pages[index].y) * factor).rounded())
            pixRasterop(pix, 0, Int32(top), Int32(page.width), Int32(page.height), PIX_SRC, page.pix, 0, 0)
        }
        return stacked
    }
}
