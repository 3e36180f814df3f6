import CGtk
import CGtkShims

/// Backs a GtkListView/GtkColumnView with a Swift array. The model is a list of
/// positions (`plutary_index_list`) whose row objects are made when GTK asks for a
/// row, each tagged with its position; cells look the Swift item up by the tag, so
/// nothing but an index crosses into C, and a long list costs no object per row.
@MainActor
public final class ListModelBridge<Item: Equatable & Sendable> {
    public private(set) var items: [Item] = []
    private let store: Object
    private var replaceHandlers: [@MainActor (_ changed: Range<Int>) -> Void] = []

    public init() {
        store = Object(adopting: UnsafeMutableRawPointer(plutary_index_list_new()))
    }

    public var model: OpaquePointer { store.opaque }

    public var count: Int { items.count }

    /// Replaces the contents, announcing only rows that changed: a reload that
    /// finds the same rows leaves selection and expansion alone.
    public func replace(with newItems: [Item]) {
        // The model's users know of the rows announced so far, a head of `items` while the list grows.
        let old = shown
        let new = rowsToShow(of: newItems.count, from: old)
        // The very array shown (a view model handing back the rows it listed): nothing to compare.
        if items.count == newItems.count,
           items.withUnsafeBufferPointer({ shown in newItems.withUnsafeBufferPointer { $0.baseAddress == shown.baseAddress } }) {
            return
        }
        // Rows are looked up by position: when the count changes, only the unchanged head stays put.
        let head = zip(items.prefix(old), newItems.prefix(new)).prefix { $0 == $1 }.count
        var tail = 0
        if old == new {
            while tail < new - head, items[old - 1 - tail] == newItems[new - 1 - tail] { tail += 1 }
        }
        BackgroundRelease.replace(&items, with: newItems)
        shown = new
        if new < newItems.count { growLater() }
        guard head + tail < max(old, new) else { return }
        // Rows changed in place keep their row objects, so for GTK nothing changed there: views
        // bind their cells again (`onReplace`). Announced as removed and added again, each one
        // cost GTK 4.8 a lookup among the removed rows on screen (about 1 µs, and a row object
        // made): 10-15 ms for a search that matched 11 000 of 100 000 receipts. The count's
        // difference is announced at the end.
        let replaced = min(old, new) - head - tail
        if replaced > 0, announcesChangesInPlace() {
            plutary_index_list_splice(model, guint(head), guint(replaced), guint(replaced))
        }
        if old != new {
            plutary_index_list_splice(model, guint(head + replaced), guint(old - head - replaced), guint(new - head - replaced))
        }
        let changed = head..<(new - tail)
        replaceHandlers.forEach { $0(changed) }
    }

    // MARK: Growing in steps

    /// Rows announced to the model's users: all of `items`, or a head of them while the list grows.
    private var shown = 0
    private var steps: (first: Int, rows: Int, limit: Int, next: @MainActor (@escaping @MainActor () -> Void) -> Void)?
    private var growing = false

    /// Lets a list view take many new rows a few at a time. GTK 4.8's list and column views
    /// build, bind and measure the widgets of up to 200 rows below the top one as soon as those
    /// rows are in the model (GTK_LIST_VIEW_MAX_LIST_ITEMS), whatever the view's height: a list
    /// that grew from 40 rows to 100 000 built 160 rows' widgets in one go, a 65 ms stall.
    /// So while the model holds fewer than `limit` rows, a replace announces at most `rows` new
    /// ones (`first` into an empty list, a screenful for its first frame), and `next` is asked to
    /// run the next step (after the view's next frame); past `limit`, the rest come at once, as GTK
    /// builds no widgets for them. Steps of 10 rows: a step of 20 receipts rows (seven columns)
    /// took the main thread 10-12 ms, and with the frame after it, 16-23 ms on a loaded 2-core machine.
    public func growsInSteps(first: Int = 20, of rows: Int = 10, upTo limit: Int = 210,
                             next: @escaping @MainActor (_ step: @escaping @MainActor () -> Void) -> Void) {
        steps = (first, rows, limit, next)
    }

    /// How many of `count` rows to announce when `old` are announced.
    private func rowsToShow(of count: Int, from old: Int) -> Int {
        guard let steps else { return count }
        let step = old == 0 ? steps.first : steps.rows
        guard count > old, old + step < steps.limit else { return count }
        return min(count, old + step)
    }

    private func growLater() {
        guard let steps, !growing else { return }
        growing = true
        steps.next { [weak self] in self?.grow() }
    }

    /// Announces the next step of rows; a replace meanwhile may have shown them all, or fewer rows.
    private func grow() {
        growing = false
        let old = shown
        let new = rowsToShow(of: items.count, from: old)
        guard new > old else { return }
        shown = new
        plutary_index_list_splice(model, guint(old), 0, guint(new - old))
        if new < items.count { growLater() }
    }

    /// Whether rows changed in place are announced to the model's users as removed and added
    /// again: a sort model over it must hear of them to order them anew.
    public var announcesChangesInPlace: @MainActor () -> Bool = { false }

    /// Runs `handler` after each replace that changed rows, with the positions of the new rows
    /// that changed. Rows changed in place keep their row objects and are not announced (see
    /// `announcesChangesInPlace`), so GTK keeps their widgets without binding them again: views
    /// bind their cells again here (`ListItemFactory.rebinds(after:)`), and a selection model
    /// keeps them selected.
    public func onReplace(_ handler: @escaping @MainActor (_ changed: Range<Int>) -> Void) {
        replaceHandlers.append(handler)
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
