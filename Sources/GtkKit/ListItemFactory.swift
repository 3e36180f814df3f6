import CGtk

/// A GtkSignalListItemFactory whose cells are built and filled by Swift closures:
/// `setup` makes the cell widget once, `bind` fills it for the row object shown,
/// `unbind` hears that the cell no longer shows it, `teardown` that the cell is
/// going away: whatever `setup` kept for the cell must be dropped there.
@MainActor
public final class ListItemFactory: Object {
    /// Each list item's cell, kept only for `teardown`.
    private var cells: [UnsafeMutableRawPointer: UnsafeMutablePointer<GtkWidget>] = [:]

    public init(setup: @escaping @MainActor () -> Widget,
                bind: @escaping @MainActor (_ cell: UnsafeMutablePointer<GtkWidget>, _ rowObject: UnsafeMutableRawPointer?) -> Void,
                unbind: (@MainActor (_ cell: UnsafeMutablePointer<GtkWidget>) -> Void)? = nil,
                teardown: (@MainActor (_ cell: UnsafeMutablePointer<GtkWidget>) -> Void)? = nil) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        on("setup", pointer: { [weak self] listItem in
            let cell = setup()
            gtk_list_item_set_child(OpaquePointer(listItem), cell.widget)
            if teardown != nil, let listItem { self?.cells[listItem] = cell.widget }
        })
        on("bind", pointer: { listItem in
            let item = OpaquePointer(listItem)
            guard let cell = gtk_list_item_get_child(item) else { return }
            bind(cell, gtk_list_item_get_item(item))
        })
        if let unbind {
            on("unbind", pointer: { listItem in
                guard let cell = gtk_list_item_get_child(OpaquePointer(listItem)) else { return }
                unbind(cell)
            })
        }
        if let teardown {
            // GTK 4.8 tears a list item down as it is finalized, its child already gone: found by the item.
            on("teardown", pointer: { [weak self] listItem in
                guard let listItem, let cell = self?.cells.removeValue(forKey: listItem) else { return }
                teardown(cell)
            })
        }
    }

    public var factory: OpaquePointer { opaque }

    /// A factory of labels showing `text(item)` for each row.
    public static func labels<Item: Equatable & Sendable>(_ bridge: ListModelBridge<Item>, xalign: Float = 0, css: [String] = [],
                                    text: @escaping @MainActor (Item) -> String) -> ListItemFactory {
        ListItemFactory(setup: {
            let label = Widgets.label("", css: css, xalign: xalign)
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            return label
        }, bind: { cell, object in
            guard let item = bridge.item(for: object) else { return }
            gtk_label_set_text(OpaquePointer(cell), text(item))
        })
    }
}
