import CGtk
import Foundation
import XCTest
@testable import GtkKit

/// The drawing area used by charts, and the drop-down: on real widgets (Xvfb).
final class DrawingAreaTests: GtkTestCase {
    func testTheDrawClosurePaintsAtTheWidgetsSizeAndIsFreedWithTheWidget() {
        final class Canary { nonisolated(unsafe) static var alive = 0; init() { Canary.alive += 1 }; deinit { Canary.alive -= 1 } }
        MainActor.assumeIsolated {
            var sizes: [(Int32, Int32)] = []
            let window = Widget(retaining: gtk_window_new())
            do {
                let area = DrawingArea()
                area.setContentSize(width: 120, height: 80)
                let canary = Canary()
                area.setDraw { cr, width, height in
                    _ = canary
                    cairo_set_source_rgb(cr, 1, 0, 0)
                    cairo_paint(cr)
                    sizes.append((width, height))
                }
                area.setAccessibleDescription("Spending per month. March: CA$12.00")
                gtk_window_set_child(window.pointer(), area.widget)
                gtk_window_present(window.pointer())
                XCTAssertTrue(spinMainContext { !sizes.isEmpty }, "the area was never drawn")
                XCTAssertGreaterThanOrEqual(sizes.last?.0 ?? 0, 120)
                XCTAssertGreaterThanOrEqual(sizes.last?.1 ?? 0, 80)
                XCTAssertEqual(Canary.alive, 1)
                // The window holds the widget; removing it drops the last reference with ours.
                gtk_window_set_child(window.pointer(), nil)
            }
            XCTAssertEqual(Canary.alive, 0, "the draw closure outlived its drawing area")
            gtk_window_destroy(window.pointer())
        }
    }

    func testTheDropDownReportsThePersonsChoice() {
        MainActor.assumeIsolated {
            let dropDown = DropDown(strings: ["This month", "Last 3 months", "All time"])
            var chosen: [Int] = []
            dropDown.onSelected { chosen.append($0) }
            XCTAssertEqual(dropDown.selected, 0)
            dropDown.selected = 2
            XCTAssertEqual(dropDown.selected, 2)
            XCTAssertEqual(chosen, [2])
        }
    }
}
