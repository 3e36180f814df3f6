import CGtk
import CGtkShims
import Foundation
import XCTest
@testable import GtkKit

/// The flat table's text columns under a squeeze.
final class ColumnViewTests: GtkTestCase {
    /// In a table narrower than its texts, a column that keeps its texts whole (a date) stays as
    /// wide as its longest one, while the others ellipsize; without it, the date is cut too.
    func testAColumnThatKeepsItsTextsWholeIsNotCutInANarrowTable() {
        MainActor.assumeIsolated {
            let date = "Oct 22, 2026"
            @MainActor func shownWidth(keepsWhole: Bool) -> (shown: Int32, needed: Int32) {
                let table = ColumnView<String>(bridge: ListModelBridge<String>())
                table.addTextColumn("Date", keepsWhole: keepsWhole) { _ in date }
                table.addTextColumn("As written", expand: true) { $0 }
                let window = Widget(retaining: gtk_window_new())
                defer { gtk_window_destroy(window.pointer()) }
                gtk_window_set_default_size(window.pointer(), 150, 200)
                let scrolled = Widgets.scrolled(table)
                gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
                gtk_window_set_child(window.pointer(), scrolled.widget)
                gtk_window_present(window.pointer())
                table.bridge.replace(with: ["KS ORGANIC FREE RANGE EGGS 24 COUNT FAMILY PACK"])
                var cell: UnsafeMutablePointer<GtkWidget>?
                XCTAssertTrue(spinMainContext {
                    cell = textWidgets(in: table.widget).first { gtk_widget_get_mapped($0) != 0 && inscriptionText($0) == date }
                    return cell.map { gtk_widget_get_width($0) > 0 } ?? false
                })
                guard let cell, let layout = gtk_widget_create_pango_layout(cell, date) else { return (0, 1) }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                var needed: Int32 = 0
                pango_layout_get_pixel_size(layout, &needed, nil)
                return (gtk_widget_get_width(cell), needed)
            }
            let whole = shownWidth(keepsWhole: true)
            XCTAssertGreaterThanOrEqual(whole.shown, whole.needed, "the date is shown whole")
            let cut = shownWidth(keepsWhole: false)
            XCTAssertLessThan(cut.shown, cut.needed, "the table is narrow enough to cut a date that may shorten")
        }
    }
}

@MainActor
private func inscriptionText(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    gtk_inscription_get_text(OpaquePointer(widget)).map { String(cString: $0) }
}
