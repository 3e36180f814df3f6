import CGtk
import Foundation

/// Spins GLib's default context, as the app's main loop would (it also drains the main
/// queue), until `condition` holds or `timeout` passes; answers whether it held.
func spinMainContext(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        g_main_context_iteration(nil, 0)
        usleep(1000)
    }
    return condition()
}
