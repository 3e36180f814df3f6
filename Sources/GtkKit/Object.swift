import CGtk
import CGtkShims

/// Owns one reference to a GObject. A new widget starts floating; `init(retaining:)`
/// sinks it so Swift holds a strong reference, released in `deinit`.
///
/// The first wrapper of an object holds that reference as a toggle reference (`ToggleAnchor`):
/// while anything else holds the object, the object holds its wrapper, so a widget on screen
/// keeps its wrapper and the handlers that capture it weakly.
@MainActor
open class Object {
    public let raw: UnsafeMutableRawPointer
    private var anchor: ToggleAnchor?

    /// Takes a new reference: sinks a floating one, or adds one to a borrowed pointer.
    public init(retaining raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
        anchor = ToggleAnchor.anchor(self, to: raw)
    }

    /// Adopts a reference the caller already owns (a full-transfer return value).
    public init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
        // A floating reference would be taken over by the first parent without a count of its
        // own, leaving the toggle reference counted twice; sinking it keeps the count at one.
        if g_object_is_floating(raw) != 0 { g_object_ref_sink(raw) }
        anchor = ToggleAnchor.anchor(self, to: raw)
    }

    public convenience init(adopting opaque: OpaquePointer) {
        self.init(adopting: UnsafeMutableRawPointer(opaque))
    }

    isolated deinit {
        if let anchor { anchor.release(raw) } else { g_object_unref(raw) }
    }

    /// The pointer typed as a C struct, for calling GTK functions directly.
    public func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(OpaquePointer(raw))
    }

    public var gobject: UnsafeMutablePointer<GObject> { pointer() }

    /// The pointer for GLib/GIO interfaces that C declares as incomplete types (GAction, GListModel...).
    public var opaque: OpaquePointer { OpaquePointer(raw) }

    /// Disconnects a handler; its closure box is freed by the destroy notify.
    public func disconnect(_ handlerId: UInt) {
        g_signal_handler_disconnect(raw, gulong(handlerId))
    }

    /// Sets a string property by name (for properties with no setter function).
    public func setProperty(_ name: String, string: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
        g_value_set_string(&value, string)
        g_object_set_property(gobject, name, &value)
        g_value_unset(&value)
    }
}
