import CGtk
import GtkKit

/// A line of the product detail's "Bought as" and "Similar products": a text and a button.
/// Kept and shown again with another text, since building a row (a button's label, tooltip and
/// accessible name) for each name took 4-6 ms of every product selection.
@MainActor
final class ActionRow {
    let root: Widget
    private let label: Widget
    private let button: Widget

    init(button title: String, tooltip: String, action: @escaping @MainActor () -> Void) {
        root = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        label = Widgets.label("", xalign: 0)
        label.expand(horizontally: true, vertically: false)
        // A long name is ellipsized when the pane is narrow: in full, its width was the detail
        // pane's smallest, and the window widened from 1100 to 1181 px when Products first showed
        // a product on a large store. (Wrapped, the labels' height-for-width measuring took 200 ms
        // of the first product shown.) The accessible name stays the whole text.
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        button = Widgets.button(label: title)
        button.tooltip = tooltip
        button.on("clicked", action)
        root.append(label, button)
    }

    /// Shows `text`, with the button when `acting`; nil hides the row.
    func show(_ text: String?, acting: Bool = true) {
        root.isVisible = text != nil
        guard let text else { return }
        label.setLabel(text)
        button.isVisible = acting
    }
}
