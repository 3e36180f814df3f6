import CGtk
import Foundation

/// Pango layouts for chart text, and a measurer that sizes text the way the
/// painter will draw it.
public final class PangoText: TextMeasuring, @unchecked Sendable {
    /// One scratch context to measure in; Pango is not thread-safe, hence the lock.
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let lock = NSLock()

    public init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    public func size(of text: String, fontSize: Double, bold: Bool) -> CGSize {
        lock.withLock {
            guard let layout = Self.layout(cr, text, fontSize: fontSize, bold: bold) else { return .zero }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            return CGSize(width: Double(width), height: Double(height))
        }
    }

    /// A layout of one line in the UI's sans-serif face, `fontSize` in pixels.
    static func layout(_ cr: OpaquePointer, _ text: String, fontSize: Double, bold: Bool) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}
