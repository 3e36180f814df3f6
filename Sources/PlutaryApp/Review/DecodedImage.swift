import CGtk
import Foundation
import PlutaryCore
import PlutaryOCR

/// A pixbuf decoded off the main actor (`decode`) and handed to it. It owns the pixbuf's
/// reference and releases it when dropped, so a review closed before its image is decoded
/// leaks nothing.
final class DecodedImage: @unchecked Sendable {
    /// Read only once handed over; valid while this object lives.
    private(set) var pixbuf: OpaquePointer?
    private(set) var error: String?
    /// The size the word boxes refer to, when it is not the pixbuf's (a PDF's pages).
    private(set) var size: (width: Double, height: Double)?

    /// Decodes the image at `path`, for `LatestLoad`'s work: cancelling the task stops the
    /// decode where it reads the file (a photo of tens of megapixels takes a while), and
    /// throws `CancellationError` instead of handing back a half-read image.
    @concurrent
    static func decode(path: String) async throws -> DecodedImage {
        try Task.checkCancellation()
        let cancellable = Cancellable()
        let image = await withTaskCancellationHandler { DecodedImage(path: path, cancellable: cancellable) } onCancel: { cancellable.cancel() }
        try Task.checkCancellation()
        return image
    }

    /// Decodes at once; a cancelled `cancellable` stops the read with an error.
    init(path: String, cancellable: Cancellable? = nil) {
        if ImageFileType.sniff(fileAt: URL(fileURLWithPath: path)) == .pdf {
            loadPDF(path)
            return
        }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        // Read through a stream, which checks the cancellable as it reads (gdk_pixbuf_new_from_file takes none).
        let stream = g_file_read(file, cancellable?.pointer, &error)
        defer { if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) } }
        guard let stream,
              let loaded = gdk_pixbuf_new_from_stream(UnsafeMutablePointer<GInputStream>(OpaquePointer(stream)), cancellable?.pointer, &error)
        else {
            self.error = error.map { String(cString: $0.pointee.message) } ?? ""
            return
        }
        // A new pixbuf (or a new reference to the same one) the way the camera was held.
        pixbuf = gdk_pixbuf_apply_embedded_orientation(loaded)
        g_object_unref(UnsafeMutableRawPointer(loaded))
    }

    /// A GCancellable, which may be cancelled from any thread.
    final class Cancellable: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<GCancellable>

        init() { pointer = g_cancellable_new() }
        deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

        func cancel() { g_cancellable_cancel(pointer) }
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
