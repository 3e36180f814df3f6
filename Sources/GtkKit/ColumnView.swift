import CGtk

/// A GtkColumnView over a `ListModelBridge`, with a single selection.
@MainActor
public final class ColumnView<Item: Equatable & Sendable>: Widget {
    public let bridge: ListModelBridge<Item>
    private let selection: Object

    public init(bridge: ListModelBridge<Item>) {
        self.bridge = bridge
        // Both constructors take over a reference: hand them their own.
        g_object_ref(UnsafeMutableRawPointer(bridge.model))
        selection = Object(adopting: UnsafeMutableRawPointer(gtk_single_selection_new(bridge.model)))
        g_object_ref(selection.raw)
        super.init(retaining: gtk_column_view_new(selection.opaque))
        gtk_column_view_set_show_row_separators(opaque, 1)
        // GTK builds row widgets as rows arrive: a long list arrives over a few frames (see `growsInSteps`).
        bridge.growsInSteps { [weak self] step in self?.afterNextFrame(step) }
    }

    /// Adds a column of texts at least `chars` average characters wide; one that does not `expand`
    /// widens to its longest text. `text` renders the item's cell.
    /// `keepsWhole`: the column never narrows below its longest text (a date), where others ellipsize
    /// when the table is squeezed.
    public func addTextColumn(_ title: String, chars: Int32 = 4, expand: Bool = false, keepsWhole: Bool = false, xalign: Float = 0,
                              css: [String] = [], text: @escaping @MainActor (Item) -> String) {
        let factory = ListItemFactory.texts(bridge, chars: chars, grows: !expand, keepsWhole: keepsWhole, xalign: xalign, css: css, text: text)
        g_object_ref(factory.raw)
        let column = gtk_column_view_column_new(title, factory.factory)
        gtk_column_view_column_set_expand(column, expand ? 1 : 0)
        gtk_column_view_column_set_resizable(column, 1)
        gtk_column_view_append_column(opaque, column)
        g_object_unref(UnsafeMutableRawPointer(column))
    }

    /// Enter or double-click on a row.
    public func onActivate(_ handler: @escaping @MainActor (Item) -> Void) {
        on("activate", position: { [weak self] position in
            guard let self, let item = self.bridge.item(at: Int(position)) else { return }
            handler(item)
        })
    }

    public var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection.opaque)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }
}
