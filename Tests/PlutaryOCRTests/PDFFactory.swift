import CGtk
import Foundation

/// PDFs made for the tests with Cairo: pages of real text (a text layer), or a picture of
/// text wrapped in a page (a scan, no text layer).
enum PDFFactory {
    static let bakeryLines = [
        "CORNER BAKERY", "88 QUEEN ST W TORONTO", "2026-03-12 08:15", "",
        "CROISSANT             2.50", "SOURDOUGH LOAF        6.25", "LATTE                 4.25", "",
        "SUBTOTAL             13.00", "HST 13%               1.69", "TOTAL                14.69", "VISA                 14.69",
    ]

    /// Writes with a stream callback so no file is left behind.
    private static func pdf(width: Double, height: Double, draw: (OpaquePointer) -> Void) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let surface = cairo_pdf_surface_create_for_stream({ closure, bytes, length in
            Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), width, height)!
        let cr = cairo_create(surface)!
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.data
    }

    /// One page per entry of `pages`, each line set in a monospace font, 16 points apart.
    static func text(pages: [[String]], width: Double = 260, height: Double = 360) -> Data {
        pdf(width: width, height: height) { cr in
            for lines in pages {
                cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
                cairo_set_font_size(cr, 11)
                for (index, line) in lines.enumerated() {
                    cairo_move_to(cr, 15, 30 + Double(index) * 16)
                    cairo_show_text(cr, line)
                }
                cairo_show_page(cr)
            }
        }
    }

    /// `pages` pages each holding a 300 dpi picture of `lines` (and `caption` as real text, if given).
    static func scanned(lines: [String], caption: String? = nil, pages: Int = 1) -> Data {
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1040, 1440)!
        defer { cairo_surface_destroy(image) }
        let ink = cairo_create(image)!
        cairo_set_source_rgb(ink, 1, 1, 1)
        cairo_paint(ink)
        cairo_set_source_rgb(ink, 0, 0, 0)
        cairo_select_font_face(ink, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(ink, 44)
        for (index, line) in lines.enumerated() {
            cairo_move_to(ink, 60, 120 + Double(index) * 64)
            cairo_show_text(ink, line)
        }
        cairo_destroy(ink)
        return pdf(width: 260, height: 360) { cr in
          for _ in 0..<pages {
            cairo_save(cr)
            cairo_scale(cr, 0.25, 0.25)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
            if let caption {
                cairo_set_font_size(cr, 6)
                cairo_move_to(cr, 5, 355)
                cairo_show_text(cr, caption)
            }
            cairo_show_page(cr)
          }
        }
    }
}
