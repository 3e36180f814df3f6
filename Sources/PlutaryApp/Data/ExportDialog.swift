import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The export dialog: what will be exported, the file type, CSV delimiter and
/// decimal separator, then the file chooser, a progress bar and Cancel. The
/// export runs off the main thread, so the window stays responsive.
@MainActor
final class ExportDialog {
    private static var open: [ObjectIdentifier: ExportDialog] = [:]
    private let viewModel: ExportViewModel
    private let parent: () -> Window?
    private let window: Widget
    private let fileType: DropDown
    /// "All 48 receipts": the count arrives after the dialog shows.
    private let scope: Widget
    private let delimiter: DropDown
    private let decimal: DropDown
    private let csvOptions: Widget
    private let progress: Widget
    private let status: Widget
    private let exportButton: Widget
    private let closeButton: Widget

    private static let delimiters: [CSVOptions.Delimiter] = [.comma, .semicolon, .tab]
    private static let separators: [CSVOptions.DecimalSeparator] = [.point, .comma]

    /// Shows the dialog for `viewModel`, or brings its open dialog forward.
    static func present(_ viewModel: ExportViewModel, parent: @escaping () -> Window?) {
        if let existing = open[ObjectIdentifier(viewModel)] {
            gtk_window_present(existing.window.pointer())
            return
        }
        let dialog = ExportDialog(viewModel: viewModel, parent: parent)
        open[ObjectIdentifier(viewModel)] = dialog
        gtk_window_present(dialog.window.pointer())
    }

    private init(viewModel: ExportViewModel, parent: @escaping () -> Window?) {
        self.viewModel = viewModel
        self.parent = parent
        window = Widget(retaining: gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.pointer()
        gtk_window_set_title(gtkWindow, tr("Export Receipts"))
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_resizable(gtkWindow, 0)
        gtk_window_set_default_size(gtkWindow, 460, -1)
        if let main = parent() { gtk_window_set_transient_for(gtkWindow, main.window) }

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        content.setMargins(24)
        let heading = Widgets.label(tr("Export Receipts"), css: ["title-2"], xalign: 0)
        let scope = Widgets.label(viewModel.scopeText, css: ["dim-label"], xalign: 0)
        self.scope = scope

        fileType = DropDown(strings: ExportFileType.allCases.map(\.title))
        fileType.setAccessibleLabel(tr("File type"))
        delimiter = DropDown(strings: [tr("Comma ( , )"), tr("Semicolon ( ; )"), tr("Tab")])
        delimiter.setAccessibleLabel(tr("Delimiter"))
        decimal = DropDown(strings: [tr("Point (12.50)"), tr("Comma (12,50)")])
        decimal.setAccessibleLabel(tr("Decimal separator"))
        let grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 8)
        gtk_grid_set_column_spacing(grid.pointer(), 12)
        for (index, (name, control)) in [(tr("File type"), fileType), (tr("Delimiter"), delimiter),
                                         (tr("Decimal separator"), decimal)].enumerated() {
            grid.attach(Widgets.label(name, css: ["dim-label"], xalign: 1), column: 0, row: Int32(index))
            control.expand(horizontally: true, vertically: false)
            grid.attach(control, column: 1, row: Int32(index))
        }
        csvOptions = grid

        progress = Widget(retaining: gtk_progress_bar_new())
        progress.setAccessibleLabel(tr("Export progress"))
        status = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(status.opaque, 1)
        gtk_label_set_max_width_chars(status.opaque, 50)

        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        buttons.setAlign(horizontal: GTK_ALIGN_END)
        closeButton = MnemonicButton.make(tr("_Close"))
        exportButton = MnemonicButton.make(tr("_Export…"))
        exportButton.addCSSClass("suggested-action")
        buttons.append(closeButton, exportButton)
        content.append(heading, scope, grid, progress, status, buttons)
        gtk_window_set_child(gtkWindow, content.widget)
        gtk_window_set_default_widget(gtkWindow, exportButton.widget)

        fileType.onSelected { [weak self] index in self?.viewModel.fileType = ExportFileType.allCases[index] }
        delimiter.onSelected { [weak self] index in self?.viewModel.setDelimiter(Self.delimiters[index]) }
        decimal.onSelected { [weak self] index in self?.viewModel.setDecimalSeparator(Self.separators[index]) }
        exportButton.on("clicked") { [weak self] in self?.chooseFile() }
        closeButton.on("clicked") { [weak self] in
            guard let self else { return }
            if self.viewModel.isRunning { self.viewModel.cancel() } else { self.close(destroy: true) }
        }
        window.on("close-request", answering: { [weak self] in
            self?.close(destroy: false)
            return false
        })
        observe { [weak self] in self?.render() }
    }

    private func render() {
        scope.setLabel(viewModel.scopeText)
        fileType.selected = ExportFileType.allCases.firstIndex(of: viewModel.fileType) ?? 0
        delimiter.selected = Self.delimiters.firstIndex(of: viewModel.delimiter) ?? 0
        decimal.selected = Self.separators.firstIndex(of: viewModel.decimalSeparator) ?? 0
        let running = viewModel.isRunning
        csvOptions.isSensitive = !running
        delimiter.isSensitive = viewModel.fileType.isCSV && !running
        decimal.isSensitive = viewModel.fileType.isCSV && !running
        exportButton.isSensitive = !running
        MnemonicButton.setLabel(closeButton, running ? tr("_Cancel") : tr("_Close"))
        progress.isVisible = running || viewModel.progressFraction > 0
        gtk_progress_bar_set_fraction(progress.opaque, viewModel.progressFraction)
        status.setLabel(viewModel.statusText)
        if viewModel.isFailure { status.addCSSClass("error") } else { status.removeCSSClass("error") }
    }

    private func chooseFile() {
        let filter = viewModel.fileType.isCSV
            ? FileChooser.Filter(name: tr("CSV files"), mimeTypes: ["text/csv"], patterns: ["*.csv"])
            : FileChooser.Filter(name: tr("JSON files"), mimeTypes: ["application/json"], patterns: ["*.json"])
        FileChooser.saveFile(title: tr("Export Receipts"), accept: tr("_Export"), parent: parent(),
                             suggestedName: viewModel.suggestedFileName(), filters: [filter]) { [weak self] url in
            guard let self, let url else { return }
            self.viewModel.export(to: url)
        }
    }

    private func close(destroy: Bool) {
        viewModel.close()
        if destroy { gtk_window_destroy(window.pointer()) }
        let id = ObjectIdentifier(viewModel)
        // Released after GTK finishes the current signal emission.
        DispatchQueue.main.async { ExportDialog.open[id] = nil }
    }
}
