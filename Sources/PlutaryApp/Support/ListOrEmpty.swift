import CGtk
import GtkKit

/// A scrolled list that gives way to an empty-state page when there is nothing to list.
@MainActor
final class ListOrEmpty {
    let root: Widget

    init(list: Widget, empty: Widget) {
        root = Widget(retaining: gtk_stack_new())
        root.addStackPage(Widgets.scrolled(list), name: "list")
        root.addStackPage(empty, name: "empty")
        root.expand()
    }

    func showEmpty(_ empty: Bool) {
        gtk_stack_set_visible_child_name(root.opaque, empty ? "empty" : "list")
    }
}
