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
    /// The flat list of parents and the children of expanded ones (`plutary_expanding_list`).
    private let rows: Object
    private let sorted: Object
    private let selection: Object
    private let childCount: @MainActor (Parent) -> Int
    private let childAt: @MainActor (Parent, Int) -> Child?
    private var hasExpanderColumn = false
    /// The cells on screen, by their content widget (the list item holds the row while bound).
    private var boundCells: [UnsafeMutableRawPointer: BoundCell<Node>] = [:]
    /// The expander column's cells on screen, by their arrow: refreshed when a row expands or collapses.
    private var arrows: [UnsafeMutablePointer<GtkWidget>: Node] = [:]

    /// `childCount` says how many children a parent has (0: not expandable);
    /// `child` returns one when its row is shown, so children load lazily.
    public init(bridge: ListModelBridge<Parent>, childCount: @escaping @MainActor (Parent) -> Int,
                child: @escaping @MainActor (Parent, Int) -> Child?) {
        self.bridge = bridge
        self.childCount = childCount
        self.childAt = child
        // Sorting applies to the parents, below the expansion, so children keep their order.
        // The sort model takes over the reference it is given; the expanding list and the
        // selection take their own.
        g_object_ref(UnsafeMutableRawPointer(bridge.model))
        sorted = Object(adopting: UnsafeMutableRawPointer(gtk_sort_list_model_new(bridge.model, nil)))
        rows = Object(adopting: UnsafeMutableRawPointer(plutary_expanding_list_new(sorted.opaque)))
        g_object_ref(rows.raw)
        selection = Object(adopting: UnsafeMutableRawPointer(gtk_multi_selection_new(rows.opaque)))
        g_object_ref(selection.raw)
        super.init(retaining: gtk_column_view_new(selection.opaque))
        gtk_column_view_set_show_row_separators(opaque, 1)
        // GTK builds row widgets as rows arrive: a long list arrives over a few frames (see `growsInSteps`).
        bridge.growsInSteps { [weak self] step in self?.afterNextFrame(step) }
        // Header clicks drive the column view's sorter; incremental sorting spreads a big sort over frames.
        gtk_sort_list_model_set_sorter(sorted.opaque, gtk_column_view_get_sorter(opaque))
        gtk_sort_list_model_set_incremental(sorted.opaque, 1)
        bridge.announcesChangesInPlace = { [weak self] in self?.isSorted ?? false }
        bridge.onReplace { [weak self] changed in
            guard let self else { return }
            self.deselect(changed)
            // Announced rows lose their expansion in the expanding list; rows changed quietly here.
            if !self.isSorted { plutary_expanding_list_collapse_range(self.rows.opaque, guint(changed.lowerBound), guint(changed.upperBound)) }
        }
    }

    /// Adds a column of texts (`TextColumn`) at least `chars` average characters wide; one that
    /// does not `expand` widens to its longest text. The first column added carries the expander
    /// arrow. With `order`, the header sorts parents by it (children keep their order).
    public func addTextColumn(_ title: String, chars: Int32 = 4, expand: Bool = false, xalign: Float = 0, css: [String] = [],
                              parent parentText: @escaping @MainActor (Parent) -> String,
                              child childText: @escaping @MainActor (Child) -> String,
                              order: (@MainActor (Parent, Parent) -> Bool)? = nil) {
        let column = TextColumn(chars: chars, grows: !expand)
        addColumn(title, expand: expand, order: order, setup: {
            Widgets.inscription(chars: chars, css: css, xalign: xalign)
        }, fill: { [weak self] cell, node in
            guard let self else { return }
            column.show(self.text(of: node, parent: parentText, child: childText), in: cell)
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
        }, fill: { [weak self] box, node in
            guard let self, let label = gtk_widget_get_first_child(box), let bar = gtk_widget_get_next_sibling(label) else { return }
            var shown: (text: String, fraction: Double?) = ("", nil)
            if case .parent(let index) = node, let parent = self.bridge.item(at: index) { shown = value(parent) }
            gtk_label_set_text(OpaquePointer(label), shown.text)
            gtk_widget_set_visible(label, shown.fraction == nil ? 1 : 0)
            gtk_widget_set_visible(bar, shown.fraction == nil ? 0 : 1)
            // A cell is bound twice when its row changes in place (by GTK 4.8, then by the refill after
            // a replace): the same text is left alone, and so is the screen reader's label.
            if gtk_progress_bar_get_text(OpaquePointer(bar)).map({ String(cString: $0) }) != shown.text {
                gtk_progress_bar_set_text(OpaquePointer(bar), shown.text)
                // Screen readers hear the text, not only the value.
                Widget(retaining: UnsafeMutableRawPointer(bar)).setAccessibleLabel(shown.text)
            }
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
                           fill: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Node) -> Void) {
        let withExpander = !hasExpanderColumn
        hasExpanderColumn = true
        let factory = ListItemFactory(setup: { [weak self] in
            let content = setup()
            guard withExpander, let self else { return content }
            return self.expanderCell(around: content)
        }, bind: { [weak self] cell, rowObject in
            guard let self, let rowObject else { return }
            let node = TreeColumnView.node(of: rowObject)
            let content = withExpander ? self.content(ofExpander: cell) : cell
            if withExpander, let arrow = gtk_widget_get_first_child(cell) {
                self.arrows[arrow] = node
                self.showArrow(arrow)
            }
            fill(content, node)
            self.boundCells[UnsafeMutableRawPointer(content)] = BoundCell(node: node) { fill(content, node) }
        }, unbind: { [weak self] cell in
            guard let self else { return }
            let content = withExpander ? self.content(ofExpander: cell) : cell
            if withExpander, let arrow = gtk_widget_get_first_child(cell) { self.arrows[arrow] = nil }
            self.boundCells[UnsafeMutableRawPointer(content)] = nil
        })
        factory.rebinds(after: bridge)
        g_object_ref(factory.raw)
        let column = gtk_column_view_column_new(title, factory.factory)!
        gtk_column_view_column_set_expand(column, expand ? 1 : 0)
        gtk_column_view_column_set_resizable(column, 1)
        if let order { setSorter(of: column, order: order) }
        gtk_column_view_append_column(opaque, column)
        g_object_unref(UnsafeMutableRawPointer(column))
    }

    private func text(of node: Node, parent parentText: (Parent) -> String, child childText: (Child) -> String) -> String {
        switch node {
        case .parent(let index):
            return bridge.item(at: index).map(parentText) ?? ""
        case .child(let parentIndex, let index):
            guard let parent = bridge.item(at: parentIndex), let child = childAt(parent, index) else { return "" }
            return childText(child)
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

    public var rowCount: Int { Int(g_list_model_get_n_items(rows.opaque)) }

    /// The node shown at a position of the (sorted, expanded) list.
    public func node(at position: Int) -> Node? {
        guard position >= 0, position < rowCount, let object = g_list_model_get_item(rows.opaque, guint(position)) else { return nil }
        defer { g_object_unref(object) }
        return TreeColumnView.node(of: object)
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

    /// Deselects the rows of the parents (bridge positions) in `changed`: their row objects
    /// stay, so GtkMultiSelection would keep them selected though they show other parents now.
    private func deselect(_ changed: Range<Int>) {
        guard changed.lowerBound > 0 else { return deselectAll() }
        guard let bitset = gtk_selection_model_get_selection(selection.opaque) else { return }
        defer { gtk_bitset_unref(bitset) }
        let positions = (0..<gtk_bitset_get_size(bitset)).map { gtk_bitset_get_nth(bitset, guint($0)) }
        for position in positions {
            switch node(at: Int(position)) {
            case .parent(let index), .child(let index, _):
                if changed.contains(index) { gtk_selection_model_unselect_item(selection.opaque, position) }
            case nil: break
            }
        }
    }

    /// Whether a column header orders the rows (the sort model then follows every change).
    private var isSorted: Bool {
        gtk_sorter_get_order(gtk_column_view_get_sorter(opaque)) != GTK_SORTER_ORDER_NONE
    }

    public func deselectAll() {
        gtk_selection_model_unselect_all(selection.opaque)
    }

    public func select(position: Int) {
        gtk_selection_model_select_item(selection.opaque, guint(position), 1)
    }

    /// The parent row at `position`: its place among the (sorted) parents and its bridge index.
    private func parentRow(at position: Int) -> (sorted: guint, index: Int)? {
        var parent: guint = 0
        var child: gint = 0
        guard position >= 0, plutary_expanding_list_locate(rows.opaque, guint(position), &parent, &child) != 0, child < 0,
              case .parent(let index)? = node(at: position) else { return nil }
        return (parent, index)
    }

    /// Expands or collapses the row at `position`; false when it has no children.
    @discardableResult
    public func setExpanded(_ expanded: Bool, at position: Int) -> Bool {
        guard let row = parentRow(at: position), let parent = bridge.item(at: row.index) else { return false }
        let count = childCount(parent)
        guard count > 0 else { return false }
        if expanded {
            plutary_expanding_list_expand(rows.opaque, row.sorted, guint(count), TreeColumnView.childTag(parent: row.index, index: 0))
        } else {
            plutary_expanding_list_collapse(rows.opaque, row.sorted)
        }
        showArrows()
        return true
    }

    public func isExpanded(at position: Int) -> Bool {
        guard let row = parentRow(at: position) else { return false }
        return plutary_expanding_list_is_expanded(rows.opaque, row.sorted) != 0
    }

    // MARK: Expander

    /// The expander column's cell: an arrow that expands or collapses the row, then the
    /// column's content, indented on child rows. (GtkTreeExpander needs GtkTreeListModel's
    /// rows, which are new objects on every change, so every visible row was built again.)
    private func expanderCell(around content: Widget) -> Widget {
        let cell = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        let arrow = Widgets.image(icon: "pan-end-symbolic", pixelSize: 16)
        gtk_widget_set_opacity(arrow.widget, 0)
        let arrowWidget = arrow.widget
        arrow.onClick { [weak self] _, _, _ in self?.toggle(arrow: arrowWidget) }
        content.expand(horizontally: true, vertically: false)
        cell.append(arrow, content)
        return cell
    }

    private func content(ofExpander cell: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_get_last_child(cell) ?? cell
    }

    private func toggle(arrow: UnsafeMutablePointer<GtkWidget>) {
        guard let cell = gtk_widget_get_parent(arrow), let position = ListItemFactory.position(ofCell: cell) else { return }
        setExpanded(!isExpanded(at: position), at: position)
    }

    /// Shows an expander cell's arrow for the row it is bound to: pointing down when the
    /// parent is expanded, none on parents without children, an indent on children.
    private func showArrow(_ arrow: UnsafeMutablePointer<GtkWidget>) {
        guard let cell = gtk_widget_get_parent(arrow), let node = arrows[arrow] else { return }
        var expandable = false, expanded = false
        if case .parent(let index) = node, let parent = bridge.item(at: index) {
            expandable = childCount(parent) > 0
            expanded = expandable && ListItemFactory.position(ofCell: cell).map { isExpanded(at: $0) } == true
        }
        let icon = expanded ? "pan-down-symbolic" : "pan-end-symbolic", opacity = expandable ? 1.0 : 0
        let indent: Int32 = { if case .child = node { 20 } else { 0 } }()
        // A cell is bound twice when its row changes in place (see the progress column): an arrow
        // showing this already (and so its accessible state too) is left alone. A new arrow starts hidden.
        if gtk_image_get_icon_name(OpaquePointer(arrow)).map({ String(cString: $0) }) == icon,
           gtk_widget_get_opacity(arrow) == opacity, gtk_widget_get_margin_start(arrow) == indent { return }
        gtk_image_set_from_icon_name(OpaquePointer(arrow), icon)
        gtk_widget_set_opacity(arrow, opacity)
        gtk_widget_set_margin_start(arrow, indent)
        var value = GValue()
        g_value_init(&value, GType(6 << 2)) // G_TYPE_INT: "boolean or undefined" states are read as ints
        g_value_set_int(&value, expanded ? 1 : 0)
        var expandedState = GTK_ACCESSIBLE_STATE_EXPANDED
        if expandable {
            withUnsafeMutablePointer(to: &value) { gtk_accessible_update_state_value(OpaquePointer(cell), 1, &expandedState, $0) }
        } else {
            gtk_accessible_reset_state(OpaquePointer(cell), expandedState)
        }
        g_value_unset(&value)
    }

    private func showArrows() {
        for arrow in arrows.keys { showArrow(arrow) }
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

    private static func node(of object: UnsafeMutableRawPointer) -> Node {
        let tag = plutary_object_get_index(object)
        guard tag & childFlag != 0 else { return .parent(Int(tag)) }
        let packed = tag & ~childFlag
        return .child(parent: Int(packed >> 20), index: Int(packed & 0xFFFFF))
    }
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
