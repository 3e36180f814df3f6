import CGtk
import GtkKit

/// A scrolled list that gives way to an empty-state page when there is nothing to list,
/// and, when given one, to a page saying that nothing matches a search or filter.
@MainActor
final class ListOrEmpty {
    let root: Widget

    init(list: Widget, empty: Widget, noMatches: Widget? = nil) {
        root = Widget(retaining: gtk_stack_new())
        root.addStackPage(Widgets.scrolled(list), name: "list")
        root.addStackPage(empty, name: "empty")
        if let noMatches { root.addStackPage(noMatches, name: "no-matches") }
        root.expand()
    }

    func showEmpty(_ empty: Bool, noMatches: Bool = false) {
        gtk_stack_set_visible_child_name(root.opaque, empty ? "empty" : noMatches ? "no-matches" : "list")
    }
}
