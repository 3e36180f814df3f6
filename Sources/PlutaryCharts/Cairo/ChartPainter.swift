import CGtk
import Foundation

/// Draws a `ChartLayout` into a cairo context: the GTK drawing area's on
/// screen, or a PNG, SVG or PDF surface's for files. Text goes through Pango.
public enum ChartPainter {
    /// Paints `layout`; `background`, when given, is filled first (files).
    public static func paint(_ layout: ChartLayout, into cr: OpaquePointer, background: ChartColor? = nil) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let background {
            set(cr, background)
            cairo_rectangle(cr, 0, 0, Double(layout.size.width), Double(layout.size.height))
            cairo_fill(cr)
        }
        for shape in layout.shapes { draw(shape, cr) }
    }

    private static func set(_ cr: OpaquePointer, _ color: ChartColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private static func draw(_ shape: ChartShape, _ cr: OpaquePointer) {
        switch shape {
        case .rect(let rect, let color):
            set(cr, color)
            cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_fill(cr)
        case .slice(let center, let inner, let outer, let start, let end, let color):
            set(cr, color)
            cairo_new_path(cr)
            cairo_arc(cr, Double(center.x), Double(center.y), outer, start, end)
            cairo_arc_negative(cr, Double(center.x), Double(center.y), inner, end, start)
            cairo_close_path(cr)
            cairo_fill(cr)
        case .line(let from, let to, let color, let width):
            set(cr, color)
            cairo_set_line_width(cr, width)
            // Half-pixel offsets keep one-pixel horizontal and vertical lines sharp.
            let crisp = width.truncatingRemainder(dividingBy: 2) == 1 ? 0.5 : 0
            cairo_move_to(cr, Double(from.x).rounded() + crisp, Double(from.y).rounded() + crisp)
            cairo_line_to(cr, Double(to.x).rounded() + crisp, Double(to.y).rounded() + crisp)
            cairo_stroke(cr)
        case .polyline(let points, let color, let width):
            guard let first = points.first else { return }
            set(cr, color)
            cairo_set_line_width(cr, width)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, Double(first.x), Double(first.y))
            for point in points.dropFirst() { cairo_line_to(cr, Double(point.x), Double(point.y)) }
            cairo_stroke(cr)
        case .dot(let center, let radius, let color):
            set(cr, color)
            cairo_new_path(cr)
            cairo_arc(cr, Double(center.x), Double(center.y), radius, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .text(let text):
            draw(text, cr)
        }
    }

    private static func draw(_ text: ChartText, _ cr: OpaquePointer) {
        guard let layout = PangoText.layout(cr, text.string, fontSize: text.fontSize, bold: text.bold) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let x: Double
        switch text.anchor {
        case .leading: x = Double(text.point.x)
        case .center: x = Double(text.point.x) - Double(width) / 2
        case .trailing: x = Double(text.point.x) - Double(width)
        }
        set(cr, text.color)
        cairo_move_to(cr, x, Double(text.point.y) - Double(height) / 2)
        pango_cairo_show_layout(cr, layout)
    }
}
