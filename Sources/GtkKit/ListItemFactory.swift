import CGtk

/// A GtkSignalListItemFactory whose cells are built and filled by Swift closures:
/// `setup` makes the cell widget once, `bind` fills it for the row object shown,
/// `unbind` hears that the cell no longer shows it.
@MainActor
public final class ListItemFactory: Object {
    public init(setup: @escaping @MainActor () -> Widget,
                bind: @escaping @MainActor (_ cell: UnsafeMutablePointer<GtkWidget>, _ rowObject: UnsafeMutableRawPointer?) -> Void,
                unbind: (@MainActor (_ cell: UnsafeMutablePointer<GtkWidget>) -> Void)? = nil) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        on("setup", pointer: { listItem in
            let cell = setup()
            gtk_list_item_set_child(OpaquePointer(listItem), cell.widget)
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
    }

    public var factory: OpaquePointer { opaque }

    /// A factory of labels showing `text(item)` for each row.
    public static func labels<Item: Equatable>(_ bridge: ListModelBridge<Item>, xalign: Float = 0, css: [String] = [],
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
