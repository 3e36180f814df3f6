import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Settings screen: where the data lives and how much of it there is.
@MainActor
final class SettingsView {
    let root: Widget
    private let viewModel: SettingsViewModel
    private let countLabel: Widget
    private let analysis: AnalysisSettingsView
    private let currencies: CurrencySettingsView
    private let ocrLanguages: OCRLanguageSettingsView
    private let data: DataSettingsView

    init(viewModel: SettingsViewModel, parent: @escaping () -> Window? = { nil }) {
        self.viewModel = viewModel
        // The sections are taller than a window: they scroll, the window keeps its size.
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        page.setMargins(24)
        root = Widgets.scrolled(page)
        let grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 8)
        gtk_grid_set_column_spacing(grid.pointer(), 24)
        countLabel = Widgets.label("", xalign: 0)
        let location = Widgets.label(viewModel.dataLocation, xalign: 0)
        gtk_label_set_selectable(location.opaque, 1)
        let rows: [(String, Widget)] = [
            (tr("Data folder"), location),
            (tr("Receipts"), countLabel),
            (tr("Version"), Widgets.label(viewModel.version, xalign: 0)),
        ]
        for (index, row) in rows.enumerated() {
            let name = Widgets.label(row.0, css: ["dim-label"], xalign: 1)
            grid.attach(name, column: 0, row: Int32(index))
            grid.attach(row.1, column: 1, row: Int32(index))
        }
        page.append(Widgets.label(tr("Data"), css: ["title-2"], xalign: 0), grid)
        data = DataSettingsView(viewModel: viewModel.data, parent: parent)
        currencies = CurrencySettingsView(viewModel: viewModel.currencies)
        ocrLanguages = OCRLanguageSettingsView(viewModel: viewModel.ocrLanguages)
        analysis = AnalysisSettingsView(viewModel: viewModel.analysis)
        page.append(data.root, Widgets.separator(GTK_ORIENTATION_HORIZONTAL), currencies.root,
                    Widgets.separator(GTK_ORIENTATION_HORIZONTAL), ocrLanguages.root,
                    Widgets.separator(GTK_ORIENTATION_HORIZONTAL), analysis.root)
        observe { [weak self] in self?.render() }
    }

    private func render() {
        countLabel.setLabel(viewModel.receiptCountText)
    }
}
