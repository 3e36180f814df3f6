import CGtk
import Foundation

/// Ties a Swift wrapper to its GObject with a toggle reference, so that the widget keeps its
/// wrapper alive while anything else (a parent, GTK's list of windows) holds the widget: a
/// handler capturing the wrapper weakly never goes silent because its Swift owner let go of
/// a wrapper whose widget is still on screen.
///
/// GLib calls the toggle notify when the object's references go from two to one (only the
/// wrapper's is left: the wrapper may go) and from one to two (someone else holds it: keep
/// the wrapper). The anchor, not the wrapper, is the notify's data, and reads the wrapper
/// through a weak reference: a wrapper that is being deinitialised is never retained again.
final class ToggleAnchor: @unchecked Sendable {
    private let lock = NSLock()
    private weak var owner: Object?
    private var kept: Object?

    /// Marks an object as anchored, so that later wrappers of the same object take plain
    /// references: GLib notifies toggles only while an object has exactly one toggle reference.
    private static let quark = g_quark_from_static_string("plutary-toggle-anchor")

    private init(_ owner: Object) {
        self.owner = owner
        kept = owner
    }

    /// Turns the wrapper's reference to `raw` into the object's toggle reference, unless
    /// another wrapper already holds that; nil then, and the wrapper keeps a plain reference.
    @MainActor
    static func anchor(_ owner: Object, to raw: UnsafeMutableRawPointer) -> ToggleAnchor? {
        let object = raw.assumingMemoryBound(to: GObject.self)
        guard g_object_get_qdata(object, quark) == nil else { return nil }
        // Kept from the start: if the wrapper's reference was the only one, the unref below
        // (two references to one) lets go of it again.
        let anchor = ToggleAnchor(owner)
        let data = Unmanaged.passRetained(anchor).toOpaque()
        g_object_set_qdata(object, quark, data)
        g_object_add_toggle_ref(object, notify, data)
        g_object_unref(object)
        return anchor
    }

    /// Gives up the toggle reference, from the wrapper's deinit; the object goes unless others hold it.
    func release(_ raw: UnsafeMutableRawPointer) {
        let object = raw.assumingMemoryBound(to: GObject.self)
        let data = Unmanaged.passUnretained(self).toOpaque()
        g_object_set_qdata(object, Self.quark, nil)
        g_object_remove_toggle_ref(object, Self.notify, data)
        Unmanaged<ToggleAnchor>.fromOpaque(data).release()
    }

    private static let notify: GToggleNotify = { data, _, isLastRef in
        guard let data else { return }
        let anchor = Unmanaged<ToggleAnchor>.fromOpaque(data).retain().takeRetainedValue()
        anchor.toggled(lastReference: isLastRef != 0)
    }

    private func toggled(lastReference: Bool) {
        // The wrapper let go of here may deinitialise, and release this anchor: outside the lock.
        let letGo: Object? = lock.withLock {
            if lastReference {
                defer { kept = nil }
                return kept
            }
            kept = owner
            return nil
        }
        _ = letGo
    }
}
