import CGtk

/// A GtkDropDown over a list of strings.
@MainActor
public final class DropDown: Widget {
    public init(strings: [String]) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        let raw = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)!
            }
        }
        super.init(retaining: raw)
    }

    public var selected: Int {
        get {
            let position = gtk_drop_down_get_selected(opaque)
            return position == GTK_INVALID_LIST_POSITION ? -1 : Int(position)
        }
        // Unchanged selections are not set again, so a render never emits a spurious change.
        set { if newValue != selected { gtk_drop_down_set_selected(opaque, guint(max(0, newValue))) } }
    }

    /// Called with the new position when the person picks another entry.
    public func onSelected(_ handler: @escaping @MainActor (Int) -> Void) {
        on("notify::selected", pointer: { [weak self] _ in
            guard let self else { return }
            handler(self.selected)
        })
    }
}
