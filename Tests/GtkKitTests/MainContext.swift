import CGtk
import Foundation

/// Spins GLib's default context, as the app's main loop would, until `condition`
/// holds or `timeout` passes; answers whether it held.
func spinMainContext(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        g_main_context_iteration(nil, 0)
        usleep(1000)
    }
    return condition()
}

/// The text cells (inscriptions) under `widget`, in tree order.
@MainActor
func textWidgets(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), gtk_inscription_get_type()) != 0 {
            found.append(current)
        }
        found += textWidgets(in: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}
