import CGtk
import GtkKit
import PlutaryCharts
import PlutaryCore
import PlutaryPresentation

/// One product: the price-history chart (a line per store), the receipts the
/// prices came from, and merging or splitting it.
@MainActor
final class ProductDetailView {
    let root: Widget
    private(set) var viewModel: ProductDetailViewModel
    private var observing: Observing?
    private let title: Widget
    private let subtitle: Widget
    private let errorLabel: Widget
    private let chart: ChartView
    private let names: Widget
    private let candidates: Widget
    private let receipts: ColumnView<PricePointRow>
    /// The rows of `names` and `candidates`, grown as needed, kept for the next product.
    private var nameRows: [ActionRow] = []
    private var candidateRows: [ActionRow] = []
    private let noCandidates = Widgets.label(tr("None"), css: ["dim-label"], xalign: 0)
    private var card: ChartCard?

    init(viewModel: ProductDetailViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        root.setMargins(16)
        title = Widgets.label("", css: ["title-2"], xalign: 0)
        gtk_label_set_wrap(title.opaque, 1)
        subtitle = Widgets.label("", css: ["dim-label"], xalign: 0)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)
        chart = ChartView(accessibleLabel: tr("Price history"), height: 220)
        let card = ChartCard(title: tr("Price history"), content: chart.area, exportable: true)
        self.card = card

        names = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        candidates = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        candidates.append(noCandidates)
        receipts = ColumnView(bridge: ListModelBridge<PricePointRow>())
        receipts.setAccessibleLabel(tr("Receipts with this product"))
        // In the 340 px pane the other columns shorten; a date cut to "Oct 2, 2…" would lose its year.
        receipts.addTextColumn(tr("Date"), keepsWhole: true) { $0.date }
        receipts.addTextColumn(tr("Shop")) { $0.merchant }
        receipts.addTextColumn(tr("Unit price"), xalign: 1, css: ["numeric"]) { $0.price }
        receipts.addTextColumn(tr("As written"), expand: true) { $0.description }
        let receiptsScroll = Widgets.scrolled(receipts)
        gtk_widget_set_size_request(receiptsScroll.widget, -1, 200)

        root.append(title, subtitle, errorLabel, card.root,
                    Widgets.label(tr("Bought as"), css: ["heading"], xalign: 0), names,
                    Widgets.label(tr("Similar products"), css: ["heading"], xalign: 0), candidates,
                    Widgets.label(tr("Receipts"), css: ["heading"], xalign: 0), receiptsScroll)
        card.exportButton?.on("clicked") { [weak self] in
            guard let self, let chart = self.chart.chart else { return }
            ChartExporter.present(chart, suggestedName: "price-history") { [weak self] message in
                self?.errorLabel.setLabel(message ?? "")
                self?.errorLabel.isVisible = message != nil
            }
        }
        observing = observe { [weak self] in self?.render() }
    }

    /// Shows another product in the same widgets, which keep showing the one before until the
    /// next is read (a new page started empty and filled again, two list replacements per selection).
    func show(_ viewModel: ProductDetailViewModel) {
        guard viewModel !== self.viewModel else { return }
        observing?.cancel()
        self.viewModel = viewModel
        observing = observe { [weak self] in self?.render() }
    }

    isolated deinit {
        observing?.cancel()
    }

    private func render() {
        // A product just selected is read off the main actor: until it is in, the one before stays
        // shown, rather than the page and its list of thousands of purchases emptying for a moment.
        guard viewModel.detail != nil || viewModel.errorMessage != nil else { return }
        title.setLabel(viewModel.title)
        subtitle.setLabel(viewModel.subtitle)
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
        // Grouping thousands of purchases by store and day is done off the main thread, with the layout.
        chart.show(viewModel.detail) { .line(ReportCharts.priceHistory($0)) }
        receipts.bridge.replace(with: viewModel.rows)

        let bought = viewModel.names
        while nameRows.count < bought.count {
            // A row's button acts on whatever its row shows when it is clicked.
            let index = nameRows.count
            let row = ActionRow(button: tr("Split off"), tooltip: tr("Make the purchases written this way a product of their own")) { [weak self] in
                guard let self, self.viewModel.names.indices.contains(index) else { return }
                self.viewModel.split(name: self.viewModel.names[index])
            }
            names.append(row.root)
            nameRows.append(row)
        }
        for (index, row) in nameRows.enumerated() {
            row.show(bought.indices.contains(index) ? bought[index] : nil, acting: viewModel.canSplit)
        }
        let similar = viewModel.mergeCandidates
        while candidateRows.count < similar.count {
            let index = candidateRows.count
            let row = ActionRow(button: tr("Merge into this"), tooltip: tr("Count its purchases as this product's")) { [weak self] in
                guard let self, self.viewModel.mergeCandidates.indices.contains(index) else { return }
                self.viewModel.merge(self.viewModel.mergeCandidates[index].id)
            }
            candidates.append(row.root)
            candidateRows.append(row)
        }
        for (index, row) in candidateRows.enumerated() {
            row.show(similar.indices.contains(index)
                ? String(format: trn("%@ (%d purchase)", "%@ (%d purchases)", similar[index].purchaseCount), similar[index].name, similar[index].purchaseCount)
                : nil)
        }
        noCandidates.isVisible = similar.isEmpty
    }
}
