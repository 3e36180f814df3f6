import CGtk

/// A GtkSignalListItemFactory whose cells are built and filled by Swift closures:
/// `setup` makes the cell widget once, `bind` fills it for the row object shown,
/// `unbind` hears that the cell no longer shows it, `teardown` that the cell is
/// going away: whatever `setup` kept for the cell must be dropped there.
@MainActor
public final class ListItemFactory: Object {
    /// Each list item's cell, kept only for `teardown`.
    private var cells: [UnsafeMutableRawPointer: UnsafeMutablePointer<GtkWidget>] = [:]
    /// Owned by the signal handlers, so it lives as long as the GTK factory, not this wrapper.
    private let bound: BoundListItems

    public init(setup: @escaping @MainActor () -> Widget,
                bind: @escaping @MainActor (_ cell: UnsafeMutablePointer<GtkWidget>, _ rowObject: UnsafeMutableRawPointer?) -> Void,
                unbind: (@MainActor (_ cell: UnsafeMutablePointer<GtkWidget>) -> Void)? = nil,
                teardown: (@MainActor (_ cell: UnsafeMutablePointer<GtkWidget>) -> Void)? = nil) {
        let bound = BoundListItems(bind: bind)
        self.bound = bound
        super.init(adopting: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        on("setup", pointer: { [weak self] listItem in
            let cell = setup()
            gtk_list_item_set_child(OpaquePointer(listItem), cell.widget)
            // The list item owns the cell, so it outlives this back pointer.
            g_object_set_data(cell.gobject, ListItemFactory.listItemKey, listItem)
            if teardown != nil, let listItem { self?.cells[listItem] = cell.widget }
        })
        on("bind", pointer: { listItem in
            guard let listItem else { return }
            bound.items.insert(listItem)
            bound.fill(listItem)
        })
        on("unbind", pointer: { listItem in
            guard let listItem else { return }
            bound.items.remove(listItem)
            guard let unbind, let cell = gtk_list_item_get_child(OpaquePointer(listItem)) else { return }
            unbind(cell)
        })
        if let teardown {
            // GTK 4.8 tears a list item down as it is finalized, its child already gone: found by the item.
            on("teardown", pointer: { [weak self] listItem in
                guard let listItem, let cell = self?.cells.removeValue(forKey: listItem) else { return }
                teardown(cell)
            })
        }
    }

    /// Binds every cell on screen again after each replace of `bridge` that changed rows.
    /// A row changed in place keeps its row object, so GTK keeps the row's widgets (building
    /// them is the costly part of showing a changed list), and GTK 4.10 and later may not bind them again.
    public func rebinds<Item>(after bridge: ListModelBridge<Item>) {
        bridge.onReplace { [weak bound] _ in bound?.rebind() }
    }

    public var factory: OpaquePointer { opaque }

    private static let listItemKey = "plutary-list-item"

    /// The list position a cell made by a factory shows now (nil while it shows none):
    /// positions move without a rebind when rows are added or removed above.
    public static func position(ofCell cell: UnsafeMutablePointer<GtkWidget>) -> Int? {
        guard let listItem = g_object_get_data(UnsafeMutablePointer<GObject>(OpaquePointer(cell)), listItemKey) else { return nil }
        let position = gtk_list_item_get_position(OpaquePointer(listItem))
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// A factory of texts (`TextColumn`) showing `text(item)` for each row, at least `chars`
    /// average characters wide and, unless the column expands, as wide as its longest text.
    public static func texts<Item: Equatable & Sendable>(_ bridge: ListModelBridge<Item>, chars: Int32, grows: Bool,
                                   keepsWhole: Bool = false, xalign: Float = 0, css: [String] = [],
                                   text: @escaping @MainActor (Item) -> String) -> ListItemFactory {
        let column = TextColumn(chars: chars, grows: grows, keepsWhole: keepsWhole)
        let factory = ListItemFactory(setup: {
            Widgets.inscription(chars: chars, css: css, xalign: xalign)
        }, bind: { cell, object in
            guard let item = bridge.item(for: object) else { return }
            column.show(text(item), in: cell)
        })
        factory.rebinds(after: bridge)
        return factory
    }
}

/// The list items a factory has bound now, and how to bind one again.
@MainActor
private final class BoundListItems {
    var items: Set<UnsafeMutableRawPointer> = []
    let bind: @MainActor (_ cell: UnsafeMutablePointer<GtkWidget>, _ rowObject: UnsafeMutableRawPointer?) -> Void

    init(bind: @escaping @MainActor (_ cell: UnsafeMutablePointer<GtkWidget>, _ rowObject: UnsafeMutableRawPointer?) -> Void) {
        self.bind = bind
    }

    func fill(_ listItem: UnsafeMutableRawPointer) {
        let item = OpaquePointer(listItem)
        guard let cell = gtk_list_item_get_child(item) else { return }
        bind(cell, gtk_list_item_get_item(item))
    }

    func rebind() { items.forEach(fill) }
}
