import CGtk
import CGtkShims

/// A GtkDrawingArea whose drawing is a Swift closure, with the pointer events
/// a chart needs. The closure goes in a box released by the draw func's
/// GDestroyNotify, so it lives exactly as long as the widget uses it.
@MainActor
public final class DrawingArea: Widget {
    public typealias Draw = @MainActor (_ cr: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

    private var controllers: [Object] = []

    public init() {
        super.init(retaining: gtk_drawing_area_new())
    }

    public func setDraw(_ draw: @escaping Draw) {
        let box = SignalBox<Draw>(draw)
        gtk_drawing_area_set_draw_func(pointer(), { _, cr, width, height, data in
            guard let cr else { return }
            MainActor.assumeIsolated { SignalBox<Draw>.from(data).handler(cr, width, height) }
        }, box.retainedPointer, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    public func queueDraw() { gtk_widget_queue_draw(widget) }

    /// The size the widget asks for at least.
    public func setContentSize(width: Int32, height: Int32) {
        gtk_drawing_area_set_content_width(pointer(), width)
        gtk_drawing_area_set_content_height(pointer(), height)
    }

    /// The text colour of the current theme: charts draw their text and axes in it.
    public var foregroundColor: (red: Double, green: Double, blue: Double, alpha: Double) {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return (Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
    }

    /// Pointer moves over the area (x, y) and leaves it (nil).
    public func onHover(_ handler: @escaping @MainActor ((x: Double, y: Double)?) -> Void) {
        let motion = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_motion_new()))
        motion.on("motion", point: { x, y in handler((x, y)) })
        motion.on("leave") { handler(nil) }
        addController(motion)
        controllers.append(motion)
    }

    /// What a screen reader reads after the name: for a chart, its values.
    public func setAccessibleDescription(_ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        let accessible = opaque
        withUnsafeMutablePointer(to: &value) { valuePointer in
            gtk_accessible_update_property_value(accessible, 1, &property, valuePointer)
        }
        g_value_unset(&value)
    }

    /// The pointer shape over the area ("pointer" over something clickable, nil for the default).
    public func setCursor(_ name: String?) {
        gtk_widget_set_cursor_from_name(widget, name)
    }
}
