import CGtk
import CGtkShims

/// A GtkWidget owned from Swift, with the handful of properties views set on
/// every widget.
@MainActor
open class Widget: Object {
    public var widget: UnsafeMutablePointer<GtkWidget> { pointer() }

    /// Runs `tick` before each frame while it returns true (GtkTickCallback); the box holding
    /// it is released when it returns false or the widget goes away.
    public func addTickCallback(_ tick: @escaping @MainActor () -> Bool) {
        let box = SignalBox<@MainActor () -> Bool>(tick)
        gtk_widget_add_tick_callback(widget, { _, _, data in
            MainActor.assumeIsolated { SignalBox<@MainActor () -> Bool>.from(data).handler() ? 1 : 0 }
        }, box.retainedPointer, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    /// Runs `work` once after the widget's next frame is drawn, when the main loop is idle: on a
    /// turn of the loop of its own, not inside the frame. Waits while the widget is not realized.
    public func afterNextFrame(_ work: @escaping @MainActor () -> Void) {
        addTickCallback {
            let box = SignalBox<@MainActor () -> Void>(work)
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                MainActor.assumeIsolated { SignalBox<@MainActor () -> Void>.from(data).handler() }
                return 0
            }, box.retainedPointer, { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
            return false
        }
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public func expand(horizontally: Bool = true, vertically: Bool = true) {
        gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
    }

    public func setMargins(_ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }

    public func setAlign(horizontal: GtkAlign? = nil, vertical: GtkAlign? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal) }
        if let vertical { gtk_widget_set_valign(widget, vertical) }
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set {
            // Setting a visible widget's tooltip asks the display where the pointer is, to update a
            // tooltip being shown: a round trip to the X server (1-5 ms on a busy one) for each
            // row built with a tooltip. A widget in no window yet shows none, so it is hidden meanwhile.
            guard gtk_widget_get_root(widget) == nil, gtk_widget_get_visible(widget) != 0 else {
                gtk_widget_set_tooltip_text(widget, newValue)
                return
            }
            gtk_widget_set_visible(widget, 0)
            gtk_widget_set_tooltip_text(widget, newValue)
            gtk_widget_set_visible(widget, 1)
        }
    }

    /// The name a screen reader announces, when the visible text does not say it.
    public func setAccessibleLabel(_ label: String) {
        let accessible = opaque
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
        g_value_set_string(&value, label)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        withUnsafeMutablePointer(to: &value) { valuePointer in
            gtk_accessible_update_property_value(accessible, 1, &property, valuePointer)
        }
        g_value_unset(&value)
    }

    public func grabFocus() { _ = gtk_widget_grab_focus(widget) }

    /// A primary-button click at (x, y); `shift` tells whether Shift was held.
    public func onClick(_ handler: @escaping @MainActor (_ x: Double, _ y: Double, _ shift: Bool) -> Void) {
        let click = Object(adopting: UnsafeMutableRawPointer(gtk_gesture_click_new()))
        let box = SignalBox<@MainActor (Double, Double, Bool) -> Void>(handler)
        plutary_signal_connect_press(click.raw, "released", { gesture, _, x, y, data in
            let state = gtk_event_controller_get_current_event_state(OpaquePointer(gesture))
            let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            MainActor.assumeIsolated { SignalBox<@MainActor (Double, Double, Bool) -> Void>.from(data).handler(x, y, shift) }
        }, box.retainedPointer, SignalBox<Void>.release)
        addController(click)
    }

    /// Attaches an event controller (key, click, drop...); the widget takes ownership.
    public func addController(_ controller: Object) {
        // add_controller takes a reference over; keep ours for the Swift wrapper.
        g_object_ref(controller.raw)
        gtk_widget_add_controller(widget, controller.opaque)
    }
}
