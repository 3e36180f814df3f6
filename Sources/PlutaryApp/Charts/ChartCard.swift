import CGtk
import GtkKit
import PlutaryCore

/// A framed section of a screen: a heading, an optional "Export chart…" button,
/// and its content.
@MainActor
final class ChartCard {
    let root: Widget
    let exportButton: Widget?

    init(title: String, content: Widget, exportable: Bool) {
        root = Widget(retaining: gtk_frame_new(nil))
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        box.setMargins(12)
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        let heading = Widgets.label(title, css: ["heading"], xalign: 0)
        heading.expand(horizontally: true, vertically: false)
        header.append(heading)
        if exportable {
            let button = Widgets.iconButton("document-save-as-symbolic", tooltip: tr("Export chart…"))
            button.addCSSClass("flat")
            header.append(button)
            exportButton = button
        } else {
            exportButton = nil
        }
        box.append(header, content)
        gtk_frame_set_child(root.pointer(), box.widget)
    }
}
