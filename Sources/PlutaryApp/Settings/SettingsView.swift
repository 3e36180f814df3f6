import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Settings screen: where the data lives and how much of it there is, then one section
/// per view model (data, currencies, OCR, remote analysis).
///
/// The page shows its first section at once and gets the others one a frame: built in one
/// go, the first visit's switch took the main thread 10 ms to build the page (its three
/// drop-downs alone 3 ms) and its first frame as long again to measure and draw all of it,
/// two stalls of 17-24 ms on the 100 000-receipt store.
@MainActor
final class SettingsView {
    let root: Widget
    private let page: Widget
    private let viewModel: SettingsViewModel
    private let countLabel: Widget
    private let data: DataSettingsView
    /// The sections built so far after the first (each view is kept here: its observation and
    /// handlers hold it weakly).
    private(set) var laterSections: [AnyObject] = []

    init(viewModel: SettingsViewModel, parent: @escaping () -> Window? = { nil }) {
        self.viewModel = viewModel
        // The sections are taller than a window: they scroll, the window keeps its size.
        page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
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
        page.append(data.root)
        observe { [weak self] in self?.render() }
        addLater([
            { let view = CurrencySettingsView(viewModel: viewModel.currencies); return (view, view.root) },
            { let view = OCRLanguageSettingsView(viewModel: viewModel.ocrLanguages); return (view, view.root) },
            { let view = AnalysisSettingsView(viewModel: viewModel.analysis); return (view, view.root) },
        ])
    }

    /// Builds the first of `sections` after the page's next frame, below a separator, then the
    /// next after the frame that shows it.
    private func addLater(_ sections: [@MainActor () -> (AnyObject, Widget)]) {
        guard let build = sections.first else { return }
        page.afterNextFrame { [weak self] in
            guard let self else { return }
            let (view, root) = build()
            laterSections.append(view)
            page.append(Widgets.separator(GTK_ORIENTATION_HORIZONTAL), root)
            addLater(Array(sections.dropFirst()))
        }
    }

    private func render() {
        countLabel.setLabel(viewModel.receiptCountText)
    }
}
