import CGtk
import GtkKit
import XCTest
@testable import PlutaryApp

/// The analytics tables: shown again with the same rows (every switch to the section reads the
/// report again), they keep their labels; other rows replace them.
final class SummaryTableTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
    }

    func testTheSameRowsKeepTheirLabels() {
        MainActor.assumeIsolated {
            let table = SummaryTable()
            table.show([["Groceries", "CA$10.00"], ["Dining", "CA$4.00"]])
            let first = gtk_widget_get_first_child(table.root.widget)
            table.show([["Groceries", "CA$10.00"], ["Dining", "CA$4.00"]])
            XCTAssertEqual(gtk_widget_get_first_child(table.root.widget), first, "the same rows were built again")
            table.show([["Groceries", "CA$12.00"]])
            var texts: Set<String> = []
            var child = gtk_widget_get_first_child(table.root.widget)
            while let label = child {
                texts.insert(String(cString: gtk_label_get_text(OpaquePointer(label))))
                child = gtk_widget_get_next_sibling(label)
            }
            XCTAssertEqual(texts, ["Groceries", "CA$12.00"])
            // The same rows with another column dimmed are drawn anew.
            table.show([["Groceries", "CA$12.00"]], dim: [1])
            let amount = gtk_widget_get_next_sibling(gtk_widget_get_first_child(table.root.widget))
            XCTAssertEqual(amount.map { gtk_widget_has_css_class($0, "dim-label") }, 1)
        }
    }
}
