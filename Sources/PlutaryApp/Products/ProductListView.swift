import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Products screen: everything bought, with its last price.
@MainActor
final class ProductListView {
    let root: Widget
    private let viewModel: ProductListViewModel
    private let content: ListOrEmpty
    private let table: ColumnView<ProductRow>

    init(viewModel: ProductListViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        root.setMargins(12)
        let search = Widgets.searchEntry(placeholder: tr("Search products"))

        table = ColumnView(bridge: ListModelBridge<ProductRow>())
        table.setAccessibleLabel(tr("Products"))
        table.addTextColumn(tr("Product"), expand: true) { $0.name }
        table.addTextColumn(tr("Purchases"), xalign: 1) { $0.purchases }
        table.addTextColumn(tr("Latest price"), xalign: 1, css: ["numeric"]) { $0.latestPrice }
        table.addTextColumn(tr("Last bought")) { $0.latestDate }

        let empty = StatusPage.make(icon: "view-list-symbolic", title: viewModel.emptyTitle, hint: viewModel.emptyHint)
        content = ListOrEmpty(list: table, empty: empty.page)
        root.append(search, content.root)

        search.onSearchChanged { [weak self] text in self?.viewModel.search(text) }
        observe { [weak self] in self?.render() }
    }

    private func render() {
        table.bridge.replace(with: viewModel.rows)
        content.showEmpty(viewModel.isEmpty)
    }
}
