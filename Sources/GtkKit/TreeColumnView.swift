import CGtk
import CGtkShims

/// A GtkColumnView over a two-level tree: parent rows from a `ListModelBridge`
/// that expand in place into their children (a receipt into its line items).
/// Rows cross into C as index objects: a parent's is its position in the bridge,
/// a child's packs the parent position and the child's own index. Columns with a
/// sort order can be sorted from their header; children keep their order.
@MainActor
public final class TreeColumnView<Parent: Equatable & Sendable, Child>: Widget {
    public enum Node: Equatable {
        case parent(Int)
        case child(parent: Int, index: Int)
    }

    public let bridge: ListModelBridge<Parent>
    private let tree: Object
    private let sorted: Object
    private let selection: Object
    private let childAt: @MainActor (Parent, Int) -> Child?
    private var hasExpanderColumn = false
    /// The cells on screen, by their content widget (the list item holds the row while bound).
    private var boundCells: [UnsafeMutableRawPointer: BoundCell<Node>] = [:]

    /// `childCount` says how many children a parent has (0: not expandable);
    /// `child` returns one when its row is shown, so children load lazily.
    public init(bridge: ListModelBridge<Parent>, childCount: @escaping @MainActor (Parent) -> Int,
                child: @escaping @MainActor (Parent, Int) -> Child?) {
        self.bridge = bridge
        self.childAt = child
        let children = ChildModels { [bridge] object in
            let node = TreeColumnView.node(of: object)
            guard case .parent(let index) = node, let parent = bridge.item(at: index) else { return nil }
            let count = childCount(parent)
            guard count > 0 else { return nil }
            let store = g_list_store_new(plutary_type_object())!
            var objects: [gpointer?] = (0..<count).map { plutary_index_object_new(TreeColumnView.childTag(parent: index, index: $0)) }
            objects.withUnsafeMutableBufferPointer { g_list_store_splice(store, 0, 0, $0.baseAddress, guint($0.count)) }
            objects.forEach { g_object_unref($0) }
            return store
        }
        // Each constructor takes over the reference it is given. Sorting applies to the
        // parents (the root model), below the tree, so it never needs a row object per receipt.
        g_object_ref(UnsafeMutableRawPointer(bridge.model))
        sorted = Object(adopting: UnsafeMutableRawPointer(gtk_sort_list_model_new(bridge.model, nil)))
        g_object_ref(sorted.raw)
        tree = Object(adopting: UnsafeMutableRawPointer(gtk_tree_list_model_new(sorted.opaque, 0, 0, { item, data in
            guard let item else { return nil }
            var model: OpaquePointer?
            MainActor.assumeIsolated { model = Unmanaged<ChildModels>.fromOpaque(data!).takeUnretainedValue().make(item) }
            return model
        }, Unmanaged.passRetained(children).toOpaque(), { data in
            Unmanaged<ChildModels>.fromOpaque(data!).release()
        })))
        g_object_ref(tree.raw)
        selection = Object(adopting: UnsafeMutableRawPointer(gtk_multi_selection_new(tree.opaque)))
        g_object_ref(selection.raw)
        super.init(retaining: gtk_column_view_new(selection.opaque))
        gtk_column_view_set_show_row_separators(opaque, 1)
        // Header clicks drive the column view's sorter; incremental sorting spreads a big sort over frames.
        gtk_sort_list_model_set_sorter(sorted.opaque, gtk_column_view_get_sorter(opaque))
        gtk_sort_list_model_set_incremental(sorted.opaque, 1)
    }

    /// Adds a column of labels. The first column added carries the expander arrow.
    /// With `order`, the header sorts parents by it (children keep their order).
    public func addTextColumn(_ title: String, expand: Bool = false, xalign: Float = 0, css: [String] = [],
                              parent parentText: @escaping @MainActor (Parent) -> String,
                              child childText: @escaping @MainActor (Child) -> String,
                              order: (@MainActor (Parent, Parent) -> Bool)? = nil) {
        addColumn(title, expand: expand, order: order, setup: {
            let label = Widgets.label("", css: css, xalign: xalign)
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            return label
        }, fill: { [weak self] label, row in
            guard let self else { return }
            gtk_label_set_text(OpaquePointer(label), self.text(of: row, parent: parentText, child: childText))
        })
    }

    /// Adds a column that shows a progress bar while `parent` gives a fraction (0…1) and a
    /// label otherwise; children show nothing. Call `redraw(positions:)` when values change.
    public func addProgressColumn(_ title: String, css: [String] = [],
                                  parent value: @escaping @MainActor (Parent) -> (text: String, fraction: Double?)) {
        addColumn(title, expand: false, order: nil, setup: {
            let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
            let label = Widgets.label("", css: css, xalign: 0)
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            let bar = Widget(retaining: gtk_progress_bar_new())
            gtk_progress_bar_set_show_text(bar.opaque, 1)
            gtk_progress_bar_set_ellipsize(bar.opaque, PANGO_ELLIPSIZE_END)
            gtk_widget_set_valign(bar.widget, GTK_ALIGN_CENTER)
            gtk_widget_set_size_request(bar.widget, 170, -1) // room for "Waiting for the service…"
            bar.expand(horizontally: true, vertically: false)
            box.append(label, bar)
            return box
        }, fill: { [weak self] box, row in
            guard let self, let label = gtk_widget_get_first_child(box), let bar = gtk_widget_get_next_sibling(label) else { return }
            var shown: (text: String, fraction: Double?) = ("", nil)
            if case .parent(let index) = TreeColumnView.node(ofRow: row), let parent = self.bridge.item(at: index) { shown = value(parent) }
            gtk_label_set_text(OpaquePointer(label), shown.text)
            gtk_widget_set_visible(label, shown.fraction == nil ? 1 : 0)
            gtk_widget_set_visible(bar, shown.fraction == nil ? 0 : 1)
            gtk_progress_bar_set_text(OpaquePointer(bar), shown.text)
            // Screen readers hear the text, not only the value.
            Widget(retaining: UnsafeMutableRawPointer(bar)).setAccessibleLabel(shown.text)
            gtk_progress_bar_set_fraction(OpaquePointer(bar), shown.fraction ?? 0)
        })
    }

    /// Fills the cells on screen of the parents at `positions` again, without telling the
    /// model (which would collapse and deselect the rows): for values that change often.
    public func redraw(positions: Set<Int>) {
        for cell in boundCells.values {
            if case .parent(let index)? = cell.node, positions.contains(index) { cell.fill() }
        }
    }

    /// Fills the child rows on screen of the parents at `positions` again: children read late.
    public func redraw(childrenOf positions: Set<Int>) {
        for cell in boundCells.values {
            if case .child(let parent, _)? = cell.node, positions.contains(parent) { cell.fill() }
        }
    }

    /// `setup` makes a cell's widget once; `fill` shows a tree row in it, on bind and on redraw.
    private func addColumn(_ title: String, expand: Bool, order: (@MainActor (Parent, Parent) -> Bool)?,
                           setup: @escaping @MainActor () -> Widget,
                           fill: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, OpaquePointer) -> Void) {
        let withExpander = !hasExpanderColumn
        hasExpanderColumn = true
        let factory = ListItemFactory(setup: {
            let content = setup()
            guard withExpander else { return content }
            let expander = Widget(retaining: gtk_tree_expander_new())
            gtk_tree_expander_set_child(expander.opaque, content.widget)
            return expander
        }, bind: { [weak self] cell, rowObject in
            guard let self, let rowObject else { return }
            let row = OpaquePointer(rowObject)
            if withExpander { gtk_tree_expander_set_list_row(OpaquePointer(cell), row) }
            guard let content = withExpander ? gtk_tree_expander_get_child(OpaquePointer(cell)) : cell else { return }
            fill(content, row)
            self.boundCells[UnsafeMutableRawPointer(content)] = BoundCell(node: TreeColumnView.node(ofRow: row)) { fill(content, row) }
        }, unbind: { [weak self] cell in
            guard let self else { return }
            let content = withExpander ? gtk_tree_expander_get_child(OpaquePointer(cell)) : cell
            if let content { self.boundCells[UnsafeMutableRawPointer(content)] = nil }
        })
        g_object_ref(factory.raw)
        let column = gtk_column_view_column_new(title, factory.factory)!
        gtk_column_view_column_set_expand(column, expand ? 1 : 0)
        gtk_column_view_column_set_resizable(column, 1)
        if let order { setSorter(of: column, order: order) }
        gtk_column_view_append_column(opaque, column)
        g_object_unref(UnsafeMutableRawPointer(column))
    }

    private func text(of row: OpaquePointer, parent parentText: (Parent) -> String, child childText: (Child) -> String) -> String {
        switch TreeColumnView.node(ofRow: row) {
        case .parent(let index):
            return bridge.item(at: index).map(parentText) ?? ""
        case .child(let parentIndex, let index):
            guard let parent = bridge.item(at: parentIndex), let child = childAt(parent, index) else { return "" }
            return childText(child)
        case nil:
            return ""
        }
    }

    private func setSorter(of column: OpaquePointer, order: @escaping @MainActor (Parent, Parent) -> Bool) {
        let box = SortOrder { [bridge] a, b in
            switch (TreeColumnView.node(of: a), TreeColumnView.node(of: b)) {
            case (.parent(let i), .parent(let j)):
                guard let x = bridge.item(at: i), let y = bridge.item(at: j) else { return 0 }
                return order(x, y) ? -1 : (order(y, x) ? 1 : 0)
            default:
                return 0
            }
        }
        let sorter = gtk_custom_sorter_new({ a, b, data in
            MainActor.assumeIsolated {
                Unmanaged<SortOrder>.fromOpaque(data!).takeUnretainedValue().compare(UnsafeMutableRawPointer(mutating: a!), UnsafeMutableRawPointer(mutating: b!))
            }
        }, Unmanaged.passRetained(box).toOpaque(), { data in
            Unmanaged<SortOrder>.fromOpaque(data!).release()
        })!
        gtk_column_view_column_set_sorter(column, UnsafeMutablePointer<GtkSorter>(sorter))
        g_object_unref(UnsafeMutableRawPointer(sorter))
    }

    // MARK: Rows

    public var rowCount: Int { Int(g_list_model_get_n_items(tree.opaque)) }

    /// The node shown at a position of the (sorted, expanded) list.
    public func node(at position: Int) -> Node? {
        guard let row = listRow(at: position) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        return TreeColumnView.node(ofRow: row)
    }

    private func listRow(at position: Int) -> OpaquePointer? {
        guard position >= 0, position < rowCount, let row = g_list_model_get_item(tree.opaque, guint(position)) else { return nil }
        return OpaquePointer(row)
    }

    /// Selected rows' parents, without repeats, in list order.
    public var selectedParents: [Int] {
        guard let bitset = gtk_selection_model_get_selection(selection.opaque) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        var parents: [Int] = []
        for n in 0..<gtk_bitset_get_size(bitset) {
            switch node(at: Int(gtk_bitset_get_nth(bitset, guint(n)))) {
            case .parent(let index), .child(let index, _):
                if !parents.contains(index) { parents.append(index) }
            case nil: break
            }
        }
        return parents
    }

    /// The first selected position, for keyboard commands that act on one row.
    public var selectedPosition: Int? {
        guard let bitset = gtk_selection_model_get_selection(selection.opaque) else { return nil }
        defer { gtk_bitset_unref(bitset) }
        return gtk_bitset_is_empty(bitset) != 0 ? nil : Int(gtk_bitset_get_minimum(bitset))
    }

    public func select(position: Int) {
        gtk_selection_model_select_item(selection.opaque, guint(position), 1)
    }

    /// Expands or collapses the row at `position`; false when it has no children.
    @discardableResult
    public func setExpanded(_ expanded: Bool, at position: Int) -> Bool {
        guard let row = listRow(at: position) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        guard gtk_tree_list_row_is_expandable(row) != 0 else { return false }
        gtk_tree_list_row_set_expanded(row, expanded ? 1 : 0)
        return true
    }

    public func isExpanded(at position: Int) -> Bool {
        guard let row = listRow(at: position) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(row)) }
        return gtk_tree_list_row_get_expanded(row) != 0
    }

    /// Enter or double-click on a row.
    public func onActivate(_ handler: @escaping @MainActor (Node) -> Void) {
        on("activate", position: { [weak self] position in
            guard let self, let node = self.node(at: Int(position)) else { return }
            handler(node)
        })
    }

    // MARK: Node encoding

    private static var childFlag: guint64 { 1 << 62 }

    private static func childTag(parent: Int, index: Int) -> guint64 {
        childFlag | guint64(parent) << 20 | guint64(index)
    }

    /// What a tree row shows (nil for a row without an item).
    private static func node(ofRow row: OpaquePointer) -> Node? {
        guard let item = gtk_tree_list_row_get_item(row) else { return nil }
        defer { g_object_unref(item) }
        return node(of: item)
    }

    private static func node(of object: UnsafeMutableRawPointer) -> Node {
        let tag = plutary_object_get_index(object)
        guard tag & childFlag != 0 else { return .parent(Int(tag)) }
        let packed = tag & ~childFlag
        return .child(parent: Int(packed >> 20), index: Int(packed & 0xFFFFF))
    }
}

/// The tree model's create-func state: builds a parent's child model on demand.
@MainActor
private final class ChildModels {
    let make: @MainActor (UnsafeMutableRawPointer) -> OpaquePointer?
    init(_ make: @escaping @MainActor (UnsafeMutableRawPointer) -> OpaquePointer?) { self.make = make }
}

/// A cell on screen: the node it shows and how to fill it again.
private struct BoundCell<Node> {
    let node: Node?
    let fill: @MainActor () -> Void
}

/// A column's comparison, carried through the custom sorter's user data.
@MainActor
private final class SortOrder {
    let compare: @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32
    init(_ compare: @escaping @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32) { self.compare = compare }
}
