import CGtk
import CGtkShims

/// Backs a GtkListView/GtkColumnView with a Swift array. The GListStore holds one
/// plain GObject per position, tagged with that position; cells look the Swift
/// item up by the tag, so nothing but an index crosses into C.
@MainActor
public final class ListModelBridge<Item: Equatable> {
    public private(set) var items: [Item] = []
    private let store: Object

    public init() {
        store = Object(adopting: UnsafeMutableRawPointer(g_list_store_new(plutary_type_object())))
    }

    public var model: OpaquePointer { store.opaque }

    public var count: Int { items.count }

    /// Replaces the contents, announcing only rows that changed: a reload that
    /// finds the same rows leaves selection and expansion alone. Position objects
    /// are reused, so a long list costs one items-changed signal, not an object per row.
    public func replace(with newItems: [Item]) {
        let old = items.count
        let new = newItems.count
        // Rows are looked up by position: when the count changes, only the unchanged head stays put.
        let head = zip(items, newItems).prefix { $0 == $1 }.count
        var tail = 0
        if old == new {
            while tail < new - head, items[old - 1 - tail] == newItems[new - 1 - tail] { tail += 1 }
        }
        items = newItems
        let listStore = store.opaque
        if new > old {
            var objects: [gpointer?] = (old..<new).map { plutary_index_object_new(guint64($0)) }
            objects.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(listStore, guint(old), 0, buffer.baseAddress, guint(buffer.count))
            }
            objects.forEach { g_object_unref($0) }
            if old > head { g_list_model_items_changed(model, guint(head), guint(old - head), guint(old - head)) }
        } else {
            if new < old { g_list_store_splice(listStore, guint(new), guint(old - new), nil, 0) }
            let changed = new - head - tail
            if changed > 0 { g_list_model_items_changed(model, guint(head), guint(changed), guint(changed)) }
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
