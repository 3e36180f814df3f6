import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The OCR part of Settings: the engine (a drop-down, with a warning when PP-OCR cannot
/// read), then one check per Tesseract language; the languages not installed are greyed
/// out with the package that brings them.
@MainActor
final class OCRLanguageSettingsView {
    private struct Entry {
        let code: String
        let check: Widget
        let note: Widget
    }

    let root: Widget
    private let viewModel: OCRLanguageSettingsViewModel
    private let grid: Widget
    private let missingData: Widget
    private let summary: Widget
    private let engine: DropDown
    private let engineNote: Widget
    private var entries: [Entry] = []
    private var rendering = false

    init(viewModel: OCRLanguageSettingsViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        gtk_widget_set_margin_top(root.widget, 16)
        let engineTitle = Widgets.label(tr("OCR engine"), css: ["title-2"], xalign: 0)
        let engineHint = Widgets.label(tr("PP-OCR reads most receipts better, Chinese too; Tesseract reads the other languages turned on below, and reads whenever PP-OCR cannot. Changes apply to the next scan."),
                                       css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(engineHint.opaque, 1)
        engine = DropDown(strings: viewModel.engineNames)
        engine.setAccessibleLabel(tr("OCR engine"))
        engine.setAlign(horizontal: GTK_ALIGN_START)
        engineNote = Widgets.label("", css: ["warning"], xalign: 0)
        gtk_label_set_wrap(engineNote.opaque, 1)
        root.append(engineTitle, engineHint, engine, engineNote)
        let hint = Widgets.label(tr("Receipts are read with the languages turned on here, the first one as the primary language. Each one more makes scanning slower. Changes apply to the next scan."),
                                 css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(hint.opaque, 1)
        missingData = Widgets.label("", css: ["warning"], xalign: 0)
        gtk_label_set_wrap(missingData.opaque, 1)
        grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 2)
        gtk_grid_set_column_spacing(grid.pointer(), 24)
        summary = Widgets.label("", css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(summary.opaque, 1)
        root.append(Widgets.label(tr("OCR languages"), css: ["title-2"], xalign: 0), hint, missingData, grid, summary)
        engine.onSelected { [weak self] index in
            guard let self, !self.rendering, OCRLanguageSettingsViewModel.engines.indices.contains(index) else { return }
            let chosen = OCRLanguageSettingsViewModel.engines[index]
            Task { await self.viewModel.setEngine(chosen) }
        }
        observe { [weak self] in self?.render() }
    }

    /// New checks when the list of languages changed (a package was installed or removed).
    private func rebuild(_ rows: [OCRLanguageRow]) {
        for entry in entries {
            gtk_grid_remove(grid.pointer(), entry.check.widget)
            gtk_grid_remove(grid.pointer(), entry.note.widget)
        }
        entries = rows.enumerated().map { index, row in
            // Not a mnemonic label: codes such as chi_sim hold underscores.
            let check = Widget(retaining: gtk_check_button_new_with_label(row.name))
            let note = Widgets.label("", xalign: 0)
            // Two languages a line: the list is long and each entry short.
            let (line, column) = (Int32(index / 2), Int32(index % 2 * 2))
            grid.attach(check, column: column, row: line)
            grid.attach(note, column: column + 1, row: line)
            check.on("toggled") { [weak self, weak check] in
                guard let self, let check, !self.rendering else { return }
                self.viewModel.setSelected(row.code, gtk_check_button_get_active(check.pointer()) != 0)
                // A refused change (the last language) puts the check back.
                self.render()
            }
            return Entry(code: row.code, check: check, note: note)
        }
    }

    private func render() {
        rendering = true
        defer { rendering = false }
        let rows = viewModel.rows
        if rows.map(\.code) != entries.map(\.code) { rebuild(rows) }
        for (row, entry) in zip(rows, entries) {
            gtk_check_button_set_label(entry.check.pointer(), row.name)
            entry.check.setAccessibleLabel(row.name)
            if (gtk_check_button_get_active(entry.check.pointer()) != 0) != row.isSelected {
                gtk_check_button_set_active(entry.check.pointer(), row.isSelected ? 1 : 0)
            }
            entry.check.isSensitive = row.isEnabled
            entry.check.tooltip = row.note
            entry.note.setLabel(row.note ?? "")
            entry.note.isVisible = row.note != nil
            entry.note.addCSSClass(row.isWarning ? "warning" : "dim-label")
            entry.note.removeCSSClass(row.isWarning ? "dim-label" : "warning")
        }
        engine.selected = OCRLanguageSettingsViewModel.engines.firstIndex(of: viewModel.engine) ?? 0
        engineNote.setLabel(viewModel.engineNote ?? "")
        engineNote.isVisible = viewModel.engineNote != nil
        missingData.setLabel(viewModel.missingDataNote ?? "")
        missingData.isVisible = viewModel.missingDataNote != nil
        summary.setLabel(viewModel.summary)
    }
}
