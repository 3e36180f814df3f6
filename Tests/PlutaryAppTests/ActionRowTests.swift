import CGtk
import CGtkShims
import GtkKit
import XCTest
@testable import PlutaryApp

/// The product detail's kept rows: shown again with another text, hidden when not needed,
/// and their button acts when clicked.
final class ActionRowTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
    }

    func testARowShowsAnotherTextInTheSameWidgets() {
        MainActor.assumeIsolated {
            var clicks = 0
            let row = ActionRow(button: "_Split off", tooltip: "Split") { clicks += 1 }
            guard let label = gtk_widget_get_first_child(row.root.widget), let button = gtk_widget_get_last_child(row.root.widget) else {
                return XCTFail("the row has no label and button")
            }
            row.show("MILK 2L")
            XCTAssertEqual(gtk_label_get_text(OpaquePointer(label)).map { String(cString: $0) }, "MILK 2L")
            XCTAssertTrue(row.root.isVisible && gtk_widget_get_visible(button) != 0)
            row.show("MILK 1L", acting: false)
            XCTAssertEqual(gtk_label_get_text(OpaquePointer(label)).map { String(cString: $0) }, "MILK 1L")
            XCTAssertEqual(gtk_widget_get_visible(button), 0, "a row that cannot act shows no button")
            row.show(nil)
            XCTAssertFalse(row.root.isVisible)
            XCTAssertEqual(gtk_widget_get_first_child(row.root.widget), label, "the same label, not a new one")
            row.show("MILK 2L")
            plutary_signal_emit_int(UnsafeMutableRawPointer(button), "clicked", 0)
            XCTAssertEqual(clicks, 1)
        }
    }

    /// A long product name is ellipsized instead of widening the detail pane, and with it the window.
    func testALongTextShrinksRatherThanWidenTheRow() {
        MainActor.assumeIsolated {
            let row = ActionRow(button: "_Merge into this", tooltip: "Merge") {}
            @MainActor func widths(_ text: String) -> (minimum: Int32, natural: Int32) {
                row.show(text)
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(row.root.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
                return (minimum, natural)
            }
            let short = widths("MILK (2 purchases)")
            let long = widths("KS ORGANIC EGGS 24CT FAMILY PK EXTRA LARGE FREE RANGE (12345 purchases)")
            XCTAssertGreaterThan(long.natural, short.natural, "one line when there is room")
            XCTAssertLessThanOrEqual(long.minimum, short.minimum, "no wider than a short name's row when room is short")
        }
    }
}
