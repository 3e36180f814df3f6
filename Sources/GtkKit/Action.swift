import CGtk

/// A GSimpleAction: a named command bound to menus, buttons and accelerators.
@MainActor
public final class Action: Object {
    public let name: String

    public init(name: String, _ handler: @escaping @MainActor () -> Void) {
        self.name = name
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        on("activate", pointer: { _ in handler() })
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    /// Runs the action as a menu or accelerator would.
    public func activate() {
        g_action_activate(opaque, nil)
    }
}
