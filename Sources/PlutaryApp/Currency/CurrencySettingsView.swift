import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The currencies section of Settings: the primary currency, the exchange
/// rates (added by hand or imported from an ECB file) and deleting them.
@MainActor
final class CurrencySettingsView {
    let root: Widget
    private let viewModel: CurrencySettingsViewModel
    private let primary: DropDown
    private let table: ColumnView<RateRow>
    private let countLabel: Widget
    private let status: Widget
    private let errorLabel: Widget
    private let day: Widget
    private let base: Widget
    private let quote: Widget
    private let rate: Widget
    private let importButton: Widget

    init(viewModel: CurrencySettingsViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        gtk_widget_set_margin_top(root.widget, 16)

        let primaryRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        primary = DropDown(strings: viewModel.currencyTitles)
        primary.setAccessibleLabel(tr("Primary currency"))
        primary.selected = viewModel.primaryIndex
        primaryRow.append(Widgets.label(tr("Primary currency"), css: ["dim-label"], xalign: 1), primary)
        let hint = Widgets.label(tr("Sums are converted into it at the rate of each receipt's day; amounts without a rate are shown apart."),
                                 css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(hint.opaque, 1)

        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let heading = Widgets.label(tr("Exchange rates"), css: ["heading"], xalign: 0)
        countLabel = Widgets.label("", css: ["dim-label"], xalign: 0)
        countLabel.expand(horizontally: true, vertically: false)
        importButton = Widgets.button(label: tr("_Import ECB Rates…"))
        importButton.tooltip = tr("Import a European Central Bank reference-rate file (eurofxref-daily.xml or eurofxref-hist.xml)")
        let delete = Widgets.button(label: tr("_Delete Rate"))
        header.append(heading, countLabel, delete, importButton)

        table = ColumnView(bridge: ListModelBridge<RateRow>())
        table.setAccessibleLabel(tr("Exchange rates"))
        table.addTextColumn(tr("Date")) { $0.date }
        table.addTextColumn(tr("Pair"), expand: true) { $0.pair }
        table.addTextColumn(tr("Rate"), xalign: 1, css: ["numeric"]) { $0.value }
        table.addTextColumn(tr("Source")) { $0.source }
        let scroll = Widgets.scrolled(table)
        gtk_widget_set_size_request(scroll.widget, -1, 160)

        let add = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        day = Widget(retaining: gtk_entry_new())
        base = Widget(retaining: gtk_entry_new())
        quote = Widget(retaining: gtk_entry_new())
        rate = Widget(retaining: gtk_entry_new())
        for (entry, name, placeholder, width) in [(day, tr("Day"), "YYYY-MM-DD", 11), (base, tr("From currency"), "EUR", 5),
                                                  (quote, tr("To currency"), "CAD", 5), (rate, tr("Rate"), "1.4735", 9)] {
            entry.setProperty("placeholder-text", string: placeholder)
            entry.setAccessibleLabel(name)
            gtk_editable_set_width_chars(entry.opaque, Int32(width))
            gtk_editable_set_max_width_chars(entry.opaque, Int32(width))
        }
        gtk_editable_set_text(day.opaque, MonthKey.day(Date()))
        gtk_editable_set_text(base.opaque, "EUR")
        let addButton = Widgets.button(label: tr("_Add Rate"))
        add.append(Widgets.label(tr("On"), css: ["dim-label"]), day, Widgets.label("1", css: ["dim-label"]), base,
                   Widgets.label("=", css: ["dim-label"]), rate, quote, addButton)
        status = Widgets.label("", css: ["dim-label"], xalign: 0)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)
        gtk_label_set_wrap(errorLabel.opaque, 1)

        root.append(Widgets.label(tr("Currencies"), css: ["title-2"], xalign: 0), primaryRow, hint, header, scroll, add, status, errorLabel)

        primary.onSelected { [weak self] index in self?.viewModel.selectPrimary(at: index) }
        addButton.on("clicked") { [weak self] in self?.addRate() }
        delete.on("clicked") { [weak self] in
            guard let self, let position = self.table.selectedPosition, let row = self.table.bridge.item(at: position) else { return }
            self.viewModel.delete(row)
        }
        importButton.on("clicked") { [weak self] in self?.chooseFile() }
        observe { [weak self] in self?.render() }
    }

    private func text(_ entry: Widget) -> String { String(cString: gtk_editable_get_text(entry.opaque)) }

    /// The rate is written off the main actor; its field empties once it is saved.
    private func addRate() {
        let (day, base, quote, rate) = (text(day), text(base), text(quote), text(rate))
        Task {
            // Unless the person typed another rate meanwhile.
            if await self.viewModel.addRate(day: day, base: base, quote: quote, rate: rate), self.text(self.rate) == rate {
                gtk_editable_set_text(self.rate.opaque, "")
            }
        }
    }

    private func chooseFile() {
        FileChooser.openFiles(title: tr("Import ECB Rates"), accept: tr("_Import"), parent: nil, multiple: false,
                              filters: [FileChooser.Filter(name: tr("ECB reference rates (XML)"), mimeTypes: ["application/xml", "text/xml"],
                                                           patterns: ["*.xml"])]) { [weak self] urls in
            guard let self, let url = urls.first else { return }
            Task { await self.viewModel.importECB(from: url) }
        }
    }

    private func render() {
        table.bridge.replace(with: viewModel.rows)
        countLabel.setLabel(viewModel.countText)
        status.setLabel(viewModel.statusMessage ?? "")
        status.isVisible = viewModel.statusMessage != nil
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
        importButton.isSensitive = !viewModel.isImporting
        if primary.selected != viewModel.primaryIndex { primary.selected = viewModel.primaryIndex }
    }
}
