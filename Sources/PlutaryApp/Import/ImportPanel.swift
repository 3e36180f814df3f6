import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The import progress over the window's content: a bar counting done / total,
/// each file with its state, Cancel while it runs and Close once it is done.
@MainActor
final class ImportPanel {
    let root: Widget
    private let viewModel: ImportViewModel
    private let progress: Widget
    private let summary: Widget
    private let refused: Widget
    private let cancel: Widget
    private let close: Widget
    private let fileList: Widget
    private var rowLabels: [Int: (name: Widget, state: Widget)] = [:]
    private var dismissed = true
    private var wasRunning = false
    private var shownRefusal: String?

    init(viewModel: ImportViewModel) {
        self.viewModel = viewModel
        root = Widget(retaining: gtk_revealer_new())
        gtk_revealer_set_transition_type(root.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)

        let panel = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, css: ["import-panel"])
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let title = Widgets.label(tr("Importing receipts"), css: ["heading"], xalign: 0)
        summary = Widgets.label("", css: ["dim-label", "numeric"], xalign: 0)
        summary.expand(horizontally: true, vertically: false)
        cancel = Widgets.button(label: tr("_Cancel Import"))
        cancel.tooltip = tr("Stop after the files being read now")
        close = Widgets.iconButton("window-close-symbolic", tooltip: tr("Close the import summary"))
        close.addCSSClass("flat")
        header.append(title, summary, cancel, close)

        progress = Widget(retaining: gtk_progress_bar_new())
        progress.setAccessibleLabel(tr("Import progress"))
        refused = Widgets.label("", css: ["error"], xalign: 0)
        gtk_label_set_wrap(refused.opaque, 1)
        fileList = Widget(retaining: gtk_list_box_new())
        gtk_list_box_set_selection_mode(fileList.opaque, GTK_SELECTION_NONE)
        fileList.setAccessibleLabel(tr("Files being imported"))
        let scroller = Widget(retaining: gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(scroller.opaque, fileList.widget)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(scroller.opaque, 160)
        gtk_scrolled_window_set_propagate_natural_height(scroller.opaque, 1)
        panel.append(header, progress, refused, scroller)
        gtk_revealer_set_child(root.opaque, panel.widget)

        cancel.on("clicked") { [weak viewModel] in viewModel?.cancel() }
        close.on("clicked") { [weak self] in self?.dismiss() }
        observe { [weak self] in self?.render() }
    }

    private func dismiss() {
        dismissed = true
        render()
    }

    private func render() {
        let files = viewModel.files
        // A new import, or a new refusal, brings the panel back after Close.
        if viewModel.isRunning && !wasRunning { dismissed = false }
        if let refusal = viewModel.refusedMessage, refusal != shownRefusal { dismissed = false }
        // A clean import needs no summary: its receipts are in review. Failures stay until closed.
        if wasRunning, !viewModel.isRunning, viewModel.failedCount == 0, viewModel.refusedMessage == nil { dismissed = true }
        wasRunning = viewModel.isRunning
        shownRefusal = viewModel.refusedMessage
        syncRows(files)
        gtk_progress_bar_set_fraction(progress.opaque, viewModel.progress)
        summary.setLabel(files.isEmpty ? "" : viewModel.progressText)
        refused.setLabel(viewModel.refusedMessage ?? "")
        refused.isVisible = viewModel.refusedMessage != nil
        progress.isVisible = !files.isEmpty
        cancel.isVisible = viewModel.isRunning
        close.isVisible = !viewModel.isRunning
        gtk_revealer_set_reveal_child(root.opaque, dismissed ? 0 : 1)
    }

    /// One row per file; a new import (ids from 0 again) rebuilds the list.
    private func syncRows(_ files: [ImportFile]) {
        if files.count < rowLabels.count || files.isEmpty {
            while let row = gtk_widget_get_first_child(fileList.widget) { gtk_list_box_remove(fileList.opaque, row) }
            rowLabels.removeAll()
        }
        for file in files {
            let labels = rowLabels[file.id] ?? addRow(for: file)
            labels.name.setLabel(file.name)
            labels.state.setLabel(file.state.text)
            if case .failed = file.state { labels.state.addCSSClass("error") } else { labels.state.removeCSSClass("error") }
        }
    }

    private func addRow(for file: ImportFile) -> (name: Widget, state: Widget) {
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let name = Widgets.label(file.name, xalign: 0)
        name.expand(horizontally: true, vertically: false)
        gtk_label_set_ellipsize(name.opaque, PANGO_ELLIPSIZE_MIDDLE)
        let state = Widgets.label("", css: ["dim-label"], xalign: 1)
        gtk_label_set_ellipsize(state.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(state.opaque, 60)
        row.append(name, state)
        gtk_list_box_append(fileList.opaque, row.widget)
        rowLabels[file.id] = (name, state)
        return (name, state)
    }
}
