import CGtk
import Foundation
import GtkKit
import XCTest
@testable import PlutaryApp

/// The review's image pane, rendered offscreen on a real window (Xvfb) and
/// sampled: the receipt must be drawn, whatever the image's shape and the pane's size.
final class ReviewImageViewTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
        MainLoopBridge.attach()
    }

    /// Tall and narrow scans (the pane once stayed empty for them), a wide photo
    /// and a small square, each in a small and a large window.
    func testTheReceiptIsDrawnFittedToThePane() throws {
        for (imageWidth, imageHeight) in [(439, 1004), (896, 2316), (1600, 1200), (300, 300)] {
            let path = try Self.receiptImage(width: imageWidth, height: imageHeight)
            defer { try? FileManager.default.removeItem(atPath: path) }
            for (windowWidth, windowHeight) in [(360, 640), (900, 1000)] {
                MainActor.assumeIsolated {
                    let view = ReviewImageView(path: path)
                    let window = Widget(retaining: gtk_window_new())
                    gtk_window_set_default_size(window.pointer(), Int32(windowWidth), Int32(windowHeight))
                    gtk_window_set_child(window.pointer(), view.root.widget)
                    gtk_window_present(window.pointer())
                    var last: (ink: Double, paper: Double) = (0, 0)
                    let drawn = spinMainContext(timeout: 10) {
                        guard let pixels = WidgetPixels(view.root.widget) else { return false }
                        // The pane above the zoom bar.
                        last = pixels.inkAndPaper(x: 0..<pixels.width, y: 0..<pixels.height * 4 / 5)
                        return last.ink > 0.005 && last.paper > 0.05
                    }
                    XCTAssertTrue(drawn, "a \(imageWidth)×\(imageHeight) image in a \(windowWidth)×\(windowHeight) window is not drawn: \(last)")
                    gtk_window_destroy(window.pointer())
                }
            }
        }
    }

    nonisolated(unsafe) static var finalized = 0

    /// The review may close before its image is decoded: the pixbuf goes with the decoded image.
    func testADecodedImageReleasesItsPixbuf() throws {
        ReviewImageViewTests.finalized = 0
        let path = try Self.receiptImage(width: 200, height: 300)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let decoded = DecodedImage(path: path)
            let pixbuf = try XCTUnwrap(decoded.pixbuf)
            g_object_weak_ref(UnsafeMutablePointer<GObject>(pixbuf), { _, _ in ReviewImageViewTests.finalized += 1 }, nil)
            XCTAssertEqual(ReviewImageViewTests.finalized, 0)
        }
        XCTAssertEqual(ReviewImageViewTests.finalized, 1, "the pixbuf outlived its decoded image")
    }

    /// A review closed while its image is still being read stops the read: the decode runs
    /// through `LatestLoad`, and its cancellation reaches GIO, which checks it before each read,
    /// while a review still open reads on. Each image is a pipe that hands out the start of a
    /// PNG and waits, as a slow disk would.
    func testAReviewClosedBeforeItsImageIsDecodedStopsTheDecode() throws {
        let image = try Self.receiptImage(width: 1200, height: 1600)
        let png = try Data(contentsOf: URL(fileURLWithPath: image))
        try FileManager.default.removeItem(atPath: image)
        let closing = try SlowImage(), open = try SlowImage()
        // The first 12 bytes are the file type's sniff; then the decoder's.
        for pipe in [closing, open] { pipe.write(Data(repeating: 0, count: 12) + png.prefix(4096)) }
        MainActor.assumeIsolated {
            var closed: ReviewImageView? = ReviewImageView(path: closing.path)
            let kept = ReviewImageView(path: open.path)
            var ready = (closed: false, kept: false)
            closed?.onImageReady = { ready.closed = true }
            kept.onImageReady = { ready.kept = true }
            XCTAssertTrue(spinMainContext { closing.isWaiting && open.isWaiting }, "the decoders read the start of the images")
            weak var gone = closed
            closed = nil
            XCTAssertNil(gone, "the view outlived its review")
            // More of each image wakes the read that waits for it: the next one sees the cancellation.
            for pipe in [closing, open] { pipe.write(png.dropFirst(4096).prefix(4096)) }
            XCTAssertTrue(spinMainContext { closing.readers == 0 }, "the closed review's decoder still reads its image")
            XCTAssertTrue(spinMainContext { open.isWaiting }, "the open review's decoder stopped")
            _ = spinMainContext(timeout: 0.2) { false }
            XCTAssertEqual(open.readers, 1, "the open review's decoder stopped")
            open.write(png.dropFirst(8192))
            open.finish()
            XCTAssertTrue(spinMainContext { ready.kept }, "the open review's image was not decoded")
            XCTAssertFalse(ready.closed)
        }
    }

    /// A named pipe standing in for an image file on a slow disk: its reader gets what was written.
    /// (Used from the main thread only.)
    private final class SlowImage: @unchecked Sendable {
        let path = NSTemporaryDirectory() + "plutary-review-pipe-\(UUID().uuidString).png"
        private var descriptor: Int32 = -1

        init() throws {
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            // Held open for reading too, so that opening the pipe to read never waits for a writer.
            descriptor = Foundation.open(path, O_RDWR)
            guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        }

        deinit {
            finish()
            unlink(path)
        }

        func write(_ bytes: Data) {
            var rest = bytes[...]
            while !rest.isEmpty {
                let written = rest.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                rest = rest.dropFirst(written)
            }
        }

        /// No more bytes: the reader sees the end of the file.
        func finish() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        /// Whether another file descriptor of this process reads the pipe, having read all written.
        var isWaiting: Bool {
            var unread: Int32 = 0
            return readers == 1 && ioctl(descriptor, UInt(FIONREAD), &unread) == 0 && unread == 0
        }

        /// How many other file descriptors of this process are open on the pipe.
        var readers: Int { ReviewImageViewTests.openings(of: path) - (descriptor >= 0 ? 1 : 0) }
    }

    /// How many of this process's file descriptors are open on `path`.
    private static func openings(of path: String) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    /// A white receipt with rows of black "text" bars, as a PNG file.
    private static func receiptImage(width: Int, height: Int) throws -> String {
        let path = NSTemporaryDirectory() + "plutary-review-\(width)x\(height)-\(UUID().uuidString).png"
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        let rowHeight = max(8.0, Double(height) / 40)
        var y = rowHeight
        while y < Double(height) - rowHeight {
            cairo_rectangle(cr, Double(width) * 0.1, y, Double(width) * 0.8, rowHeight * 0.35)
            y += rowHeight
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        let status = cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileWriteUnknown) }
        return path
    }
}
