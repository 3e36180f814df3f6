import CGtk
import Foundation

/// Writes a chart layout to a PNG, SVG or PDF file with the same painter the
/// screen uses, on a filled background.
public enum ChartFile {
    /// `scale` multiplies the pixels of a PNG (2 for sharp images on dense screens).
    public static func write(_ layout: ChartLayout, format: ChartFileFormat, to url: URL,
                             background: ChartColor = ChartTheme.light.background, scale: Double = 1) throws {
        let width = Double(layout.size.width), height = Double(layout.size.height)
        let surface: OpaquePointer?
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded()), Int32((height * scale).rounded()))
        case .svg:
            surface = cairo_svg_surface_create(url.path, width, height)
        case .pdf:
            surface = cairo_pdf_surface_create(url.path, width, height)
        }
        guard let surface else { throw ChartFileError(path: url.path, reason: "no surface") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), url)
        let cr = cairo_create(surface)!
        if format == .png { cairo_scale(cr, scale, scale) }
        ChartPainter.paint(layout, into: cr, background: background)
        cairo_show_page(cr)
        let drawn = cairo_status(cr)
        cairo_destroy(cr)
        try check(drawn, url)
        if format == .png {
            try check(cairo_surface_write_to_png(surface, url.path), url)
        } else {
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), url)
        }
    }

    private static func check(_ status: cairo_status_t, _ url: URL) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw ChartFileError(path: url.path, reason: String(cString: cairo_status_to_string(status)))
    }
}
