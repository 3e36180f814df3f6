import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Analytics screen: totals per currency and spending per month.
/// (Charts arrive with PlutaryCharts.)
@MainActor
final class AnalyticsView {
    let root: Widget
    private let viewModel: AnalyticsViewModel
    private let totals: Widget
    private let content: ListOrEmpty
    private let table: ColumnView<MonthRow>

    init(viewModel: AnalyticsViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        root.setMargins(12)
        let heading = Widgets.label(tr("Spending per currency"), css: ["heading"], xalign: 0)
        totals = Widgets.label("", css: ["title-3"], xalign: 0)
        gtk_label_set_selectable(totals.opaque, 1)

        table = ColumnView(bridge: ListModelBridge<MonthRow>())
        table.setAccessibleLabel(tr("Spending per month"))
        table.addTextColumn(tr("Month"), expand: true) { $0.month }
        table.addTextColumn(tr("Receipts"), xalign: 1) { $0.receipts }
        table.addTextColumn(tr("Total"), xalign: 1, css: ["numeric"]) { $0.total }

        let empty = StatusPage.make(icon: "x-office-spreadsheet-symbolic", title: viewModel.emptyTitle,
                                    hint: tr("Spending appears here once receipts are saved."))
        content = ListOrEmpty(list: table, empty: empty.page)
        root.append(heading, totals, Widgets.label(tr("Spending per month"), css: ["heading"], xalign: 0), content.root)
        observe { [weak self] in self?.render() }
    }

    private func render() {
        totals.setLabel(viewModel.currencyTotals.joined(separator: "   ·   "))
        table.bridge.replace(with: viewModel.months)
        content.showEmpty(viewModel.isEmpty)
    }
}
