import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// In the review screen, what a remote analysis service read differently from
/// the receipt: each field with the receipt's value and the service's, a Use
/// button for each, the service's items, and Use All. Hidden when they agree.
@MainActor
final class RemoteReadingBox {
    let root: Widget
    private let viewModel: ReviewViewModel
    private let grid: Widget
    private var shown: [RemoteDifference] = []
    private var shownItems: String?

    init(viewModel: ReviewViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, css: ["review-duplicate"])
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        let title = Widgets.label(tr("The analysis service read this receipt differently."), xalign: 0)
        gtk_label_set_wrap(title.opaque, 1)
        title.expand(horizontally: true, vertically: false)
        let useAll = Widget(retaining: gtk_button_new_with_label(tr("Use All")))
        useAll.tooltip = tr("Take every value the service read; nothing is stored until you save")
        useAll.setAlign(vertical: GTK_ALIGN_CENTER)
        header.append(Widgets.image(icon: "network-server-symbolic", pixelSize: 16), title, useAll)
        grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 4)
        gtk_grid_set_column_spacing(grid.pointer(), 12)
        root.append(header, grid)
        useAll.on("clicked") { [weak self] in self?.viewModel.useAllRemote() }
    }

    func render() {
        let differences = viewModel.remoteDifferences
        let itemsText = viewModel.remoteItemsText
        root.isVisible = viewModel.hasRemoteDifferences
        guard differences != shown || itemsText != shownItems else { return }
        shown = differences
        shownItems = itemsText
        while let child = gtk_widget_get_first_child(grid.widget) { gtk_grid_remove(grid.pointer(), child) }
        for (index, difference) in differences.enumerated() {
            let row = Int32(index)
            let name = difference.field.title.replacingOccurrences(of: "_", with: "")
            grid.attach(Widgets.label(name, css: ["dim-label"], xalign: 1), column: 0, row: row)
            let yours = Widgets.label(difference.yours.isEmpty ? tr("(empty)") : difference.yoursShown, css: ["dim-label"], xalign: 0)
            yours.tooltip = tr("On the receipt now")
            grid.attach(yours, column: 1, row: row)
            grid.attach(Widgets.label("→", css: ["dim-label"]), column: 2, row: row)
            let theirs = Widgets.label(difference.theirsShown, xalign: 0)
            theirs.tooltip = tr("Read by the analysis service")
            theirs.expand(horizontally: true, vertically: false)
            grid.attach(theirs, column: 3, row: row)
            for label in [yours, theirs] { gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END) }
            let use = Widget(retaining: gtk_button_new_with_label(tr("Use")))
            use.addCSSClass("flat")
            use.setAccessibleLabel(String(format: tr("Use the service's %@"), name))
            let field = difference.field
            use.on("clicked") { [weak self] in self?.viewModel.useRemote(field) }
            grid.attach(use, column: 4, row: row)
        }
        if let itemsText {
            let row = Int32(differences.count)
            grid.attach(Widgets.label(tr("Items"), css: ["dim-label"], xalign: 1), column: 0, row: row)
            let label = Widgets.label(itemsText, xalign: 0)
            gtk_label_set_wrap(label.opaque, 1)
            grid.attach(label, column: 1, row: row, width: 3)
            let use = Widget(retaining: gtk_button_new_with_label(tr("Use")))
            use.addCSSClass("flat")
            use.setAccessibleLabel(tr("Use the service's items"))
            use.on("clicked") { [weak self] in self?.viewModel.useRemoteItems() }
            grid.attach(use, column: 4, row: row)
        }
    }
}
