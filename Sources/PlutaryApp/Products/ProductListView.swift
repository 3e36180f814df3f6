import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import PlutaryCore
import PlutaryPresentation

/// The Products screen: a searchable list with latest price, change over 3 and
/// 12 months and a sparkline; the selected product's detail beside it.
@MainActor
final class ProductListView {
    let root: Widget
    private let viewModel: ProductListViewModel
    private let content: ListOrEmpty
    private let table: ColumnView<ProductRow>
    private let inflation: Widget
    /// Kept: `onSearchChanged` holds its entry weakly and goes quiet once the wrapper is gone.
    private let search: Widget
    private let detailStack: Widget
    private let detailHolder: Widget
    private var detailView: ProductDetailView?
    private var selection: Object?
    private var sparklineFactory: ListItemFactory?
    private var sparklines: [UnsafeMutableRawPointer: SparklineCell] = [:]

    init(viewModel: ProductListViewModel) {
        self.viewModel = viewModel
        let list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        list.setMargins(12)
        search = Widgets.searchEntry(placeholder: tr("Search products"))
        inflation = Widgets.label("", css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(inflation.opaque, 1)

        table = ColumnView(bridge: ListModelBridge<ProductRow>())
        table.setAccessibleLabel(tr("Products"))
        table.addTextColumn(tr("Product"), expand: true) { $0.name }
        table.addTextColumn(tr("Latest price"), xalign: 1, css: ["numeric"]) { $0.latestPrice }
        table.addTextColumn(tr("3 months"), xalign: 1, css: ["numeric"]) { $0.change3Months }
        table.addTextColumn(tr("12 months"), xalign: 1, css: ["numeric"]) { $0.change12Months }

        let empty = StatusPage.make(icon: "view-list-symbolic", title: viewModel.emptyTitle, hint: viewModel.emptyHint)
        content = ListOrEmpty(list: table, empty: empty.page)
        list.append(search, inflation, content.root)

        detailStack = Widget(retaining: gtk_stack_new())
        let placeholder = Widgets.label(tr("Select a product to see its price history."), css: ["dim-label"])
        // Wrapped to the detail's 340 px: the French text is wider, and widened the window.
        gtk_label_set_wrap(placeholder.opaque, 1)
        gtk_label_set_justify(placeholder.opaque, GTK_JUSTIFY_CENTER)
        detailHolder = Widgets.box(GTK_ORIENTATION_VERTICAL)
        detailStack.addStackPage(placeholder, name: "none")
        detailStack.addStackPage(detailHolder, name: "detail")

        root = Widget(retaining: gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_paned_set_start_child(root.opaque, list.widget)
        let detailScroll = Widgets.scrolled(detailStack)
        gtk_widget_set_size_request(detailScroll.widget, 340, -1)
        // The detail fits the pane's width (its texts wrap) instead of hiding its right side off-screen.
        gtk_scrolled_window_set_policy(detailScroll.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // With the detail's 340 px, the page fits the default 1100 px window beside the sidebar in
        // each translation, with room to spare (at 500 px the German sidebar left 9 px).
        gtk_widget_set_size_request(list.widget, 460, -1)
        gtk_paned_set_end_child(root.opaque, detailScroll.widget)
        gtk_paned_set_shrink_start_child(root.opaque, 0)
        gtk_paned_set_shrink_end_child(root.opaque, 0)
        gtk_paned_set_resize_end_child(root.opaque, 1)
        root.expand()

        addSparklineColumn()
        // Names are what people scan the list by: give them room before the numbers.
        if let columns = gtk_column_view_get_columns(table.opaque), let first = g_list_model_get_item(columns, 0) {
            gtk_column_view_column_set_fixed_width(OpaquePointer(first), 160)
            g_object_unref(first)
        }
        if let model = gtk_column_view_get_model(table.opaque) {
            let selection = Object(retaining: UnsafeMutableRawPointer(model))
            selection.on("notify::selected", pointer: { [weak self] _ in self?.selectionChanged() })
            self.selection = selection
        }
        search.onSearchChanged { [weak self] text in self?.viewModel.search(text) }
        observe { [weak self] in self?.render() }
    }

    private func addSparklineColumn() {
        let bridge = table.bridge
        let factory = ListItemFactory(setup: { [weak self] in
            let cell = SparklineCell()
            self?.sparklines[cell.area.raw] = cell
            return cell.area
        }, bind: { [weak self] cell, object in
            guard let row = bridge.item(for: object), let sparkline = self?.sparklines[UnsafeMutableRawPointer(cell)] else { return }
            sparkline.values = row.sparkline
        }, teardown: { [weak self] cell in
            self?.sparklines[UnsafeMutableRawPointer(cell)] = nil
        })
        factory.rebinds(after: bridge)
        sparklineFactory = factory
        g_object_ref(factory.raw)
        let column = gtk_column_view_column_new(tr("Trend"), factory.factory)
        gtk_column_view_append_column(table.opaque, column)
        g_object_unref(UnsafeMutableRawPointer(column))
    }

    private func selectionChanged() {
        let row = table.selectedPosition.flatMap { table.bridge.item(at: $0) }
        viewModel.select(row?.id)
    }

    private func render() {
        table.bridge.replace(with: viewModel.rows)
        // The selection model settles while the rows are replaced, and may keep its position while
        // the product there changed (rows reuse their objects): show whatever is selected now.
        selectionChanged()
        content.showEmpty(viewModel.isEmpty)
        inflation.setLabel(viewModel.inflationText)
        inflation.isVisible = !viewModel.inflationText.isEmpty
        guard let detail = viewModel.detail else {
            gtk_stack_set_visible_child_name(detailStack.opaque, "none")
            return
        }
        if let detailView {
            detailView.show(detail)
        } else {
            let view = ProductDetailView(viewModel: detail)
            detailHolder.append(view.root)
            detailView = view
        }
        gtk_stack_set_visible_child_name(detailStack.opaque, "detail")
    }
}
