import CGtk
import Foundation
import PlutaryCore
import PlutaryOCR

/// A pixbuf decoded on a background thread and handed to the main thread. It owns
/// the pixbuf's reference and releases it when dropped, so a review closed before
/// its image is decoded leaks nothing.
final class DecodedImage: @unchecked Sendable {
    /// Read only once handed over; valid while this object lives.
    private(set) var pixbuf: OpaquePointer?
    private(set) var error: String?
    /// The size the word boxes refer to, when it is not the pixbuf's (a PDF's pages).
    private(set) var size: (width: Double, height: Double)?

    init(path: String) {
        if ImageFileType.sniff(fileAt: URL(fileURLWithPath: path)) == .pdf {
            loadPDF(path)
            return
        }
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

    /// The PDF's pages rendered by Poppler, read back through a PNG loader.
    private func loadPDF(_ path: String) {
        let rendered: (png: Data, width: Int, height: Int)
        do { rendered = try PDFPreview.render(fileAt: URL(fileURLWithPath: path)) } catch {
            self.error = error.localizedDescription
            return
        }
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var failure: UnsafeMutablePointer<GError>?
        let written = rendered.png.withUnsafeBytes { raw in
            gdk_pixbuf_loader_write(loader, raw.bindMemory(to: guchar.self).baseAddress, gsize(raw.count), &failure) != 0
        }
        if written, gdk_pixbuf_loader_close(loader, &failure) != 0, let loaded = gdk_pixbuf_loader_get_pixbuf(loader) {
            pixbuf = loaded
            g_object_ref(UnsafeMutableRawPointer(loaded))
            size = (Double(rendered.width), Double(rendered.height))
        } else {
            if !written { gdk_pixbuf_loader_close(loader, nil) }
            self.error = failure.map { String(cString: $0.pointee.message) } ?? ""
        }
        if let failure { g_error_free(failure) }
    }
}
