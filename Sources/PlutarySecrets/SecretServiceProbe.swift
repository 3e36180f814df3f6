import CSecret
import Foundation

/// Whether a Secret Service can be reached, asked of the session bus directly
/// with a short timeout: libsecret itself would try to start a service and
/// could wait a long time for it.
public enum SecretServiceProbe {
    static let busName = "org.freedesktop.secrets"

    public static func isReachable(timeout: TimeInterval = 1,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        // Without an address GIO falls back to X11 autolaunch, which spawns a bus: refuse instead.
        let hasAddress = !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { "\($0)/bus" }
        guard hasAddress || runtimeBus.map(FileManager.default.fileExists(atPath:)) == true else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let milliseconds = Int32(timeout * 1000)
        if let owned = ask(bus, "NameHasOwner", argument: busName, timeout: milliseconds), boolean(owned) {
            return true
        }
        // Not running but D-Bus activatable (the usual desktop case): libsecret will start it.
        guard let names = ask(bus, "ListActivatableNames", argument: nil, timeout: milliseconds) else { return false }
        return strings(names).contains(busName)
    }

    /// Whether a Secret Service is running now (activation not counted).
    public static func isRunning(timeout: TimeInterval = 1) -> Bool {
        guard !(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        return ask(bus, "NameHasOwner", argument: busName, timeout: Int32(timeout * 1000)).map(boolean) ?? false
    }

    private static func ask(_ bus: OpaquePointer, _ method: String, argument: String?, timeout: Int32) -> OpaquePointer? {
        var parameters: OpaquePointer?
        if let argument {
            var child: OpaquePointer? = g_variant_new_string(argument)
            parameters = g_variant_new_tuple(&child, 1)
        }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, timeout, nil, &error)
        if let error { g_error_free(error) }
        return reply
    }

    private static func boolean(_ reply: OpaquePointer) -> Bool {
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    private static func strings(_ reply: OpaquePointer) -> [String] {
        defer { g_variant_unref(reply) }
        guard let array = g_variant_get_child_value(reply, 0) else { return [] }
        defer { g_variant_unref(array) }
        return (0..<g_variant_n_children(array)).compactMap { index in
            guard let item = g_variant_get_child_value(array, index) else { return nil }
            defer { g_variant_unref(item) }
            return g_variant_get_string(item, nil).map { String(cString: $0) }
        }
    }
}
