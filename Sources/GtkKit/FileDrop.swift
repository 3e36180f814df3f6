import CGtk
import CGtkShims
import Foundation

/// Accepts files dragged onto a widget from a file manager (one or many), and
/// says when a drag hovers so the widget can show where to drop.
@MainActor
public enum FileDrop {
    public static func install(on widget: Widget, hovering: @escaping @MainActor (Bool) -> Void,
                               dropped: @escaping @MainActor ([URL]) -> Void) {
        let target = Object(adopting: UnsafeMutableRawPointer(gtk_drop_target_new(plutary_type_file_list(), GDK_ACTION_COPY)))
        var types = [plutary_type_file_list(), plutary_type_file()]
        gtk_drop_target_set_gtypes(target.opaque, &types, gsize(types.count))
        target.onDrop { value, _, _ in
            hovering(false)
            let urls = urls(in: value)
            guard !urls.isEmpty else { return false }
            // After the drop finishes, so the source is not kept waiting on our work.
            DispatchQueue.main.async { dropped(urls) }
            return true
        }
        target.on("enter", dragAt: { _, _ in
            hovering(true)
            return GDK_ACTION_COPY
        })
        let left: @MainActor () -> Void = { hovering(false) }
        target.on("leave", left)
        widget.addController(target)
    }

    private static func urls(in value: UnsafePointer<GValue>) -> [URL] {
        if plutary_value_holds(value, plutary_type_file_list()) != 0 {
            guard let list = g_value_get_boxed(value) else { return [] }
            var urls: [URL] = []
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let file = current.pointee.data, let url = LocalFile.url(of: OpaquePointer(file)) { urls.append(url) }
                node = current.pointee.next
            }
            g_slist_free(head)
            return urls
        }
        if plutary_value_holds(value, plutary_type_file()) != 0 {
            return g_value_get_object(value).flatMap { LocalFile.url(of: OpaquePointer($0)) }.map { [$0] } ?? []
        }
        return []
    }
}
