import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Receipts screen: a search field, the receipts table, and an empty state.
@MainActor
final class ReceiptListView {
    let root: Widget
    private let viewModel: ReceiptListViewModel
    private let content: ListOrEmpty
    private let table: ColumnView<ReceiptRow>
    private let countLabel: Widget
    private let errorLabel: Widget

    init(viewModel: ReceiptListViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        root.setMargins(12)

        let toolbar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let search = Widgets.searchEntry(placeholder: tr("Search receipts"))
        search.expand(horizontally: true, vertically: false)
        countLabel = Widgets.label("", css: ["dim-label"])
        toolbar.append(search, countLabel)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)

        table = ColumnView(bridge: ListModelBridge<ReceiptRow>())
        table.setAccessibleLabel(tr("Receipts"))
        table.addTextColumn(tr("Date")) { $0.date }
        table.addTextColumn(tr("Merchant"), expand: true) { $0.merchant }
        table.addTextColumn(tr("Category")) { $0.category }
        table.addTextColumn(tr("Items"), xalign: 1) { $0.itemCount }
        table.addTextColumn(tr("Total"), xalign: 1, css: ["numeric"]) { $0.total }

        let empty = StatusPage.make(icon: "document-open-recent-symbolic", title: viewModel.emptyTitle, hint: viewModel.emptyHint)
        content = ListOrEmpty(list: table, empty: empty.page)
        root.append(toolbar, errorLabel, content.root)

        search.onSearchChanged { [weak self] text in self?.viewModel.search(text) }
        table.onActivate { [weak self] row in self?.viewModel.open(id: row.id) }
        observe { [weak self] in self?.render() }
    }

    private func render() {
        table.bridge.replace(with: viewModel.rows)
        content.showEmpty(viewModel.isEmpty)
        countLabel.setLabel(viewModel.countText)
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
    }
}
