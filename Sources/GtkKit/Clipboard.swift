import CGtk
import CGtkShims
import Foundation

/// Reads what the person copied: an image (as PNG bytes) or copied files.
@MainActor
public enum Clipboard {
    public enum Content {
        case image(Data)
        case files([URL])
        case nothing
    }

    public static func read(for widget: Widget, completion: @escaping @MainActor (Content) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widget.widget)!
        let formats = gdk_clipboard_get_formats(clipboard)
        let box = Unmanaged.passRetained(Reply(completion)).toOpaque()
        if gdk_content_formats_contain_gtype(formats, plutary_type_texture()) != 0 {
            gdk_clipboard_read_texture_async(clipboard, nil, { source, result, data in
                MainActor.assumeIsolated {
                    let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                    var error: UnsafeMutablePointer<GError>?
                    let texture = gdk_clipboard_read_texture_finish(OpaquePointer(source), result, &error)
                    if let error { g_error_free(error) }
                    guard let texture, let bytes = gdk_texture_save_to_png_bytes(texture) else { return reply.completion(.nothing) }
                    defer { g_bytes_unref(bytes); g_object_unref(UnsafeMutableRawPointer(texture)) }
                    var size = 0
                    let pointer = g_bytes_get_data(bytes, &size)
                    reply.completion(pointer.map { .image(Data(bytes: $0, count: size)) } ?? .nothing)
                }
            }, box)
        } else if gdk_content_formats_contain_gtype(formats, plutary_type_file_list()) != 0 {
            gdk_clipboard_read_value_async(clipboard, plutary_type_file_list(), 0, nil, { source, result, data in
                MainActor.assumeIsolated {
                    let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                    var error: UnsafeMutablePointer<GError>?
                    let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, &error)
                    if let error { g_error_free(error) }
                    guard let value, let list = g_value_get_boxed(value) else { return reply.completion(.nothing) }
                    var urls: [URL] = []
                    let head = gdk_file_list_get_files(OpaquePointer(list))
                    var node = head
                    while let current = node {
                        if let file = current.pointee.data, let url = LocalFile.url(of: OpaquePointer(file)) { urls.append(url) }
                        node = current.pointee.next
                    }
                    g_slist_free(head)
                    reply.completion(.files(urls))
                }
            }, box)
        } else {
            Unmanaged<Reply>.fromOpaque(box).release()
            completion(.nothing)
        }
    }

    private final class Reply {
        let completion: @MainActor (Content) -> Void
        init(_ completion: @escaping @MainActor (Content) -> Void) { self.completion = completion }
    }
}
