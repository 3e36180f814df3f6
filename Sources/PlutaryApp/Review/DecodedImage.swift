import CGtk

/// A pixbuf decoded on a background thread and handed to the main thread. It owns
/// the pixbuf's reference and releases it when dropped, so a review closed before
/// its image is decoded leaks nothing.
final class DecodedImage: @unchecked Sendable {
    /// Read only once handed over; valid while this object lives.
    private(set) var pixbuf: OpaquePointer?
    private(set) var error: String?

    init(path: String) {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else {
            self.error = error.map { String(cString: $0.pointee.message) } ?? ""
            if let error { g_error_free(error) }
            return
        }
        // A new pixbuf (or a new reference to the same one) the way the camera was held.
        pixbuf = gdk_pixbuf_apply_embedded_orientation(loaded)
        g_object_unref(UnsafeMutableRawPointer(loaded))
    }

    deinit {
        if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    }
}
