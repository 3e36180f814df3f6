import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import PlutaryCore
import PlutaryPresentation

/// The Analytics screen: the period, monthly spending stacked by category, the
/// category donut, totals per currency, top merchants, price increases and
/// inflation. Clicking a bar or a slice asks for the matching receipts.
@MainActor
final class AnalyticsView {
    let root: Widget
    private let viewModel: AnalyticsViewModel
    private let periods: DropDown
    private let customBox: Widget
    private let fromEntry: Widget
    private let toEntry: Widget
    private let summary: Widget
    private let warning: Widget
    private let errorLabel: Widget
    private let monthly: ChartView
    private let donut: ChartView
    private let currencies = SummaryTable()
    private let merchants = SummaryTable()
    private let increases = SummaryTable()
    private let inflation = SummaryTable()
    private let content: Widget
    private var cards: [ChartCard] = []

    init(viewModel: AnalyticsViewModel) {
        self.viewModel = viewModel
        root = Widget(retaining: gtk_stack_new())
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        page.setMargins(16)

        let toolbar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        periods = DropDown(strings: viewModel.periods.map(\.title))
        periods.setAccessibleLabel(tr("Period"))
        periods.selected = viewModel.periodIndex
        customBox = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        fromEntry = Widget(retaining: gtk_entry_new())
        toEntry = Widget(retaining: gtk_entry_new())
        for (entry, name) in [(fromEntry, tr("From")), (toEntry, tr("To"))] {
            entry.setProperty("placeholder-text", string: tr("YYYY-MM-DD"))
            entry.setAccessibleLabel(name)
            gtk_editable_set_width_chars(entry.opaque, 11)
            gtk_editable_set_max_width_chars(entry.opaque, 11)
        }
        let apply = Widgets.button(label: tr("_Apply"))
        customBox.append(Widgets.label(tr("From"), css: ["dim-label"]), fromEntry, Widgets.label(tr("to"), css: ["dim-label"]), toEntry, apply)
        customBox.isVisible = false
        summary = Widgets.label("", css: ["title-3"], xalign: 1)
        summary.expand(horizontally: true, vertically: false)
        toolbar.append(Widgets.label(tr("Period"), css: ["dim-label"]), periods, customBox, summary)

        warning = Widgets.label("", css: ["warning"], xalign: 0)
        gtk_label_set_wrap(warning.opaque, 1)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)

        monthly = ChartView(accessibleLabel: tr("Spending per month"), height: 250)
        donut = ChartView(accessibleLabel: tr("Spending by category"), width: 360, height: 230)
        let monthlyCard = ChartCard(title: tr("Spending per month"), content: monthly.area, exportable: true)
        let donutCard = ChartCard(title: tr("Spending by category"), content: donut.area, exportable: true)
        let currencyCard = ChartCard(title: tr("Totals per currency"), content: currencies.root, exportable: false)
        let merchantCard = ChartCard(title: tr("Top merchants"), content: merchants.root, exportable: false)
        let increaseCard = ChartCard(title: tr("Biggest price increases"), content: increases.root, exportable: false)
        let inflationCard = ChartCard(title: tr("Inflation by category"), content: inflation.root, exportable: false)
        cards = [monthlyCard, donutCard, currencyCard, merchantCard, increaseCard, inflationCard]

        let middle = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        donutCard.root.expand(horizontally: true, vertically: false)
        let side = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        side.append(currencyCard.root, merchantCard.root)
        gtk_widget_set_size_request(side.widget, 300, -1)
        middle.append(donutCard.root, side)
        let bottom = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_box_set_homogeneous(bottom.pointer(), 1)
        bottom.append(increaseCard.root, inflationCard.root)
        page.append(toolbar, warning, errorLabel, monthlyCard.root, middle, bottom)

        content = Widgets.scrolled(page)
        let empty = StatusPage.make(icon: "x-office-spreadsheet-symbolic", title: viewModel.emptyTitle,
                                    hint: tr("Spending appears here once receipts are saved. Try another period."))
        let emptyPage = Widgets.box(GTK_ORIENTATION_VERTICAL)
        root.addStackPage(content, name: "report")
        root.addStackPage(emptyPage, name: "empty")
        emptyPage.append(empty.page)
        root.expand()

        periods.onSelected { [weak self] index in self?.periodChosen(index) }
        apply.on("clicked") { [weak self] in self?.applyCustom() }
        monthly.onActivate = { [weak self] target in
            if case .bar(let key, let series) = target { self?.viewModel.selectMonth(key, categoryKey: series) }
        }
        donut.onActivate = { [weak self] target in
            if case .slice(let key) = target { self?.viewModel.selectCategory(key) }
        }
        monthlyCard.exportButton?.on("clicked") { [weak self] in self?.export(self?.monthly.chart, name: "spending-per-month") }
        donutCard.exportButton?.on("clicked") { [weak self] in self?.export(self?.donut.chart, name: "spending-by-category") }
        observe { [weak self] in self?.render() }
    }

    private func periodChosen(_ index: Int) {
        guard viewModel.periods.indices.contains(index) else { return }
        if case .custom = viewModel.periods[index] {
            customBox.isVisible = true
            if let range = viewModel.report?.range {
                gtk_editable_set_text(fromEntry.opaque, range.start)
                gtk_editable_set_text(toEntry.opaque, range.end)
            }
            return
        }
        customBox.isVisible = false
        viewModel.select(viewModel.periods[index])
    }

    private func applyCustom() {
        viewModel.selectCustom(from: String(cString: gtk_editable_get_text(fromEntry.opaque)),
                               to: String(cString: gtk_editable_get_text(toEntry.opaque)))
    }

    private func export(_ chart: Chart?, name: String) {
        guard let chart else { return }
        ChartExporter.present(chart, suggestedName: name) { [weak self] message in
            self?.errorLabel.setLabel(message ?? "")
            self?.errorLabel.isVisible = message != nil
        }
    }

    private func render() {
        let report = viewModel.report
        summary.setLabel(viewModel.summaryText)
        warning.setLabel(viewModel.missingRatesText ?? "")
        warning.isVisible = viewModel.missingRatesText != nil
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
        let locale = viewModel.locale
        monthly.show(report) { .bars(ReportCharts.monthlyBars($0, locale: locale)) }
        donut.show(report) { .donut(ReportCharts.categoryDonut($0)) }
        currencies.show(viewModel.currencyRows.map { [$0.currency, $0.spent, $0.converted, $0.receipts] }, dim: [2, 3])
        merchants.show(viewModel.merchantRows.map { [$0.name, $0.amount, $0.receipts] }, dim: [2])
        increases.show(viewModel.increaseRows.map { [$0.name, "\($0.from) → \($0.to)", $0.change] }, dim: [1],
                       emptyText: tr("No product got dearer in this period."))
        inflation.show(viewModel.inflationRows.map { [$0.category, $0.change, $0.products] }, dim: [2],
                       emptyText: tr("Not enough purchases at both ends of the period."))
        // The empty page only for a store with nothing at all, so the period can still be changed.
        let nothing = viewModel.isEmpty && viewModel.period == .all
        gtk_stack_set_visible_child_name(root.opaque, nothing ? "empty" : "report")
    }
}
