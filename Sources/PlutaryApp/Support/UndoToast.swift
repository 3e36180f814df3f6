import CGtk
import GtkKit
import PlutaryCore

/// A bar at the bottom of a screen saying what just happened, with an Undo
/// button; it slides away when the message goes.
@MainActor
final class UndoToast {
    let root: Widget
    private let label: Widget

    init(undo: @escaping @MainActor () -> Void) {
        root = Widget(retaining: gtk_revealer_new())
        gtk_revealer_set_transition_type(root.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        root.setAlign(horizontal: GTK_ALIGN_CENTER, vertical: GTK_ALIGN_END)
        let bar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, css: ["toast"])
        label = Widgets.label("", xalign: 0)
        let button = Widgets.button(label: tr("_Undo"))
        button.tooltip = tr("Undo (Ctrl+Z)")
        button.on("clicked") { undo() }
        bar.append(label, button)
        gtk_revealer_set_child(root.opaque, bar.widget)
    }

    func show(_ message: String?) {
        if let message { label.setLabel(message) }
        gtk_revealer_set_reveal_child(root.opaque, message == nil ? 0 : 1)
    }
}
