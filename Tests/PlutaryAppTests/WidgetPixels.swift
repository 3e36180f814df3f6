import CGtk

/// What a widget shows, rendered offscreen by its window's renderer: the pixels
/// a person would see, for tests that must look rather than ask.
struct WidgetPixels {
    let width: Int
    let height: Int
    /// Cairo's ARGB32 in memory order: blue, green, red, alpha.
    private let bytes: [UInt8]

    @MainActor
    init?(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The grey level (0–255) of the pixel at x, y; nil where nothing opaque is drawn.
    func grey(x: Int, y: Int) -> Int? {
        let i = (y * width + x) * 4
        guard bytes[i + 3] > 240 else { return nil }
        return (Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2])) / 3
    }

    /// The shares of dark (< 80) and light (> 200) opaque pixels in the rectangle.
    func inkAndPaper(x: Range<Int>, y: Range<Int>) -> (ink: Double, paper: Double) {
        var dark = 0, light = 0
        for row in y {
            for column in x {
                guard let g = grey(x: column, y: row) else { continue }
                if g < 80 { dark += 1 } else if g > 200 { light += 1 }
            }
        }
        let count = Double(max(1, x.count * y.count))
        return (Double(dark) / count, Double(light) / count)
    }
}
