import CGtk
import CGtkShims

/// Backs a GtkListView/GtkColumnView with a Swift array. The GListStore holds one
/// plain GObject per position, tagged with that position; cells look the Swift
/// item up by the tag, so nothing but an index crosses into C.
@MainActor
public final class ListModelBridge<Item> {
    public private(set) var items: [Item] = []
    private let store: Object

    public init() {
        store = Object(adopting: UnsafeMutableRawPointer(g_list_store_new(plutary_type_object())))
    }

    public var model: OpaquePointer { store.opaque }

    public var count: Int { items.count }

    /// Replaces the contents; position objects are reused so a refresh of a long
    /// list costs one items-changed signal, not a new object per row.
    public func replace(with newItems: [Item]) {
        let old = items.count
        items = newItems
        let new = newItems.count
        let listStore = store.opaque
        if new > old {
            var objects: [gpointer?] = (old..<new).map { plutary_index_object_new(guint64($0)) }
            // Existing rows keep their objects but show new data: announce them as changed too.
            objects.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(listStore, guint(old), 0, buffer.baseAddress, guint(buffer.count))
            }
            objects.forEach { g_object_unref($0) }
            if old > 0 { g_list_model_items_changed(model, 0, guint(old), guint(old)) }
        } else {
            if new < old { g_list_store_splice(listStore, guint(new), guint(old - new), nil, 0) }
            if new > 0 { g_list_model_items_changed(model, 0, guint(new), guint(new)) }
        }
    }

    /// Redraws the rows at `positions` (their items changed in place).
    public func refresh(positions: [Int]) {
        for position in positions where items.indices.contains(position) {
            g_list_model_items_changed(model, guint(position), 1, 1)
        }
    }

    /// The Swift item behind a row object handed out by the model.
    public func item(for object: UnsafeMutableRawPointer?) -> Item? {
        guard let object else { return nil }
        let index = Int(plutary_object_get_index(object))
        return items.indices.contains(index) ? items[index] : nil
    }

    public func item(at position: Int) -> Item? {
        items.indices.contains(position) ? items[position] : nil
    }
}
