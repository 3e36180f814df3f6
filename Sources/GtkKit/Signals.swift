import CGtk
import CGtkShims

/// Signal connections. Each closure runs on the GTK thread (the main actor);
/// the returned handler id can be passed to `disconnect`.
extension Object {
    @discardableResult
    public func on(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> UInt {
        let box = SignalBox<@MainActor () -> Void>(handler)
        return UInt(plutary_signal_connect_void(raw, signal, { _, data in
            MainActor.assumeIsolated { SignalBox<@MainActor () -> Void>.from(data).handler() }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// For signals whose one argument is a pointer (a GObject, a GVariant...).
    @discardableResult
    public func on(_ signal: String, pointer handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        let box = SignalBox<@MainActor (UnsafeMutableRawPointer?) -> Void>(handler)
        return UInt(plutary_signal_connect_pointer(raw, signal, { _, arg, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(data).handler(arg) }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// For signals with no argument whose handler answers a gboolean ("close-request").
    @discardableResult
    public func on(_ signal: String, answering handler: @escaping @MainActor () -> Bool) -> UInt {
        let box = SignalBox<@MainActor () -> Bool>(handler)
        return UInt(plutary_signal_connect_bool(raw, signal, { _, data in
            MainActor.assumeIsolated { SignalBox<@MainActor () -> Bool>.from(data).handler() ? 1 : 0 }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// For signals with a pointer argument whose handler answers a gboolean.
    @discardableResult
    public func on(_ signal: String, returning handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) -> UInt {
        let box = SignalBox<@MainActor (UnsafeMutableRawPointer?) -> Bool>(handler)
        return UInt(plutary_signal_connect_bool_pointer(raw, signal, { _, arg, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UnsafeMutableRawPointer?) -> Bool>.from(data).handler(arg) ? 1 : 0 }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// For signals with one unsigned argument (a position).
    @discardableResult
    public func on(_ signal: String, position handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        let box = SignalBox<@MainActor (UInt32) -> Void>(handler)
        return UInt(plutary_signal_connect_uint(raw, signal, { _, arg, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UInt32) -> Void>.from(data).handler(arg) }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// GApplication "open": the files and their count (the hint is ignored).
    @discardableResult
    public func onOpenFiles(_ handler: @escaping @MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int) -> Void) -> UInt {
        let box = SignalBox<@MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int) -> Void>(handler)
        return UInt(plutary_signal_connect_open(raw, "open", { _, files, count, _, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int) -> Void>.from(data).handler(files, Int(count)) }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// GtkEventControllerKey "key-pressed": keyval, keycode, modifier state; true stops propagation.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> UInt {
        let box = SignalBox<@MainActor (UInt32, GdkModifierType) -> Bool>(handler)
        return UInt(plutary_signal_connect_key(raw, "key-pressed", { _, keyval, _, state, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UInt32, GdkModifierType) -> Bool>.from(data).handler(keyval, state) ? 1 : 0 }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// GtkDropTarget "drop": the dropped value and the position; true accepts the drop.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (UnsafePointer<GValue>, Double, Double) -> Bool) -> UInt {
        let box = SignalBox<@MainActor (UnsafePointer<GValue>, Double, Double) -> Bool>(handler)
        return UInt(plutary_signal_connect_drop(raw, "drop", { _, value, x, y, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (UnsafePointer<GValue>, Double, Double) -> Bool>.from(data).handler(value!, x, y) ? 1 : 0 }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// Signals with an (x, y) pair: "motion", "enter", "pressed" of a click gesture uses n_press first, see `onPressed`.
    @discardableResult
    public func on(_ signal: String, point handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        let box = SignalBox<@MainActor (Double, Double) -> Void>(handler)
        return UInt(plutary_signal_connect_motion(raw, signal, { _, x, y, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (Double, Double) -> Void>.from(data).handler(x, y) }
        }, box.retainedPointer, SignalBox<Void>.release))
    }

    /// GtkDropTarget "enter" and "motion": the pointer position; the answer is the action a drop would take.
    @discardableResult
    public func on(_ signal: String, dragAt handler: @escaping @MainActor (Double, Double) -> GdkDragAction) -> UInt {
        let box = SignalBox<@MainActor (Double, Double) -> GdkDragAction>(handler)
        return UInt(plutary_signal_connect_drag_enter(raw, signal, { _, x, y, data in
            MainActor.assumeIsolated { SignalBox<@MainActor (Double, Double) -> GdkDragAction>.from(data).handler(x, y) }
        }, box.retainedPointer, SignalBox<Void>.release))
    }
}
