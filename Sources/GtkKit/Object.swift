import CGtk
import CGtkShims

/// Owns one reference to a GObject. A new widget starts floating; `init(retaining:)`
/// sinks it so Swift holds the only strong reference, released in `deinit`.
@MainActor
open class Object {
    public let raw: UnsafeMutableRawPointer

    /// Takes a new reference: sinks a floating one, or adds one to a borrowed pointer.
    public init(retaining raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
    }

    /// Adopts a reference the caller already owns (a full-transfer return value).
    public init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    public convenience init(adopting opaque: OpaquePointer) {
        self.init(adopting: UnsafeMutableRawPointer(opaque))
    }

    isolated deinit {
        g_object_unref(raw)
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
