import CGtk
import CGtkShims

/// Joins libdispatch's main queue to GLib's default main context, so
/// `DispatchQueue.main` and `@MainActor` work run on the GTK thread while
/// GTK's loop spins, without polling. Call once, on the main thread, before
/// the application runs.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceId: guint = 0

    public static func attach() {
        guard sourceId == 0 else { return }
        sourceId = plutary_attach_dispatch_main_queue()
    }
}
