import CGtk

/// A GtkApplicationWindow; it is also the action map for "win." actions.
@MainActor
public final class Window: Widget {
    public init(application: Application) {
        super.init(retaining: gtk_application_window_new(application.application))
    }

    public var window: UnsafeMutablePointer<GtkWindow> { pointer() }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setChild(_ child: Widget) { gtk_window_set_child(window, child.widget) }
    public func setTitlebar(_ bar: Widget) { gtk_window_set_titlebar(window, bar.widget) }
    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
    public func destroy() { gtk_window_destroy(window) }

    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }

    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (width, height)
    }

    public var isMaximized: Bool {
        get { gtk_window_is_maximized(window) != 0 }
        set { newValue ? gtk_window_maximize(window) : gtk_window_unmaximize(window) }
    }

    public func addAction(_ action: Action) {
        g_action_map_add_action(opaque, action.opaque)
    }

    /// "close-request": return true to keep the window open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        on("close-request", answering: handler)
    }
}
