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
