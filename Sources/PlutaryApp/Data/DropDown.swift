import CGtk
import Foundation
import GtkKit

/// A GtkDropDown over fixed strings, for the export dialog's choices.
@MainActor
enum DropDown {
    static func make(_ items: [String], accessibleLabel: String) -> Widget {
        var strings: [UnsafePointer<CChar>?] = items.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let dropDown = strings.withUnsafeBufferPointer { Widget(retaining: gtk_drop_down_new_from_strings($0.baseAddress)) }
        dropDown.setAccessibleLabel(accessibleLabel)
        return dropDown
    }

    static func selected(_ dropDown: Widget) -> Int {
        Int(gtk_drop_down_get_selected(dropDown.opaque))
    }

    static func select(_ dropDown: Widget, _ index: Int) {
        if selected(dropDown) != index { gtk_drop_down_set_selected(dropDown.opaque, UInt32(index)) }
    }

    /// Calls `handler` with the new index when the person picks another item.
    static func onChange(_ dropDown: Widget, _ handler: @escaping @MainActor (Int) -> Void) {
        dropDown.on("notify::selected", pointer: { [weak dropDown] _ in
            guard let dropDown else { return }
            handler(selected(dropDown))
        })
    }
}
