import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation
import XCTest
@testable import PlutaryApp

/// The first visit to Settings builds its first section only; the others come one a frame
/// after the page's first, so that no one turn of the main loop builds, measures and draws
/// the whole page.
final class SettingsViewTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
        MainLoopBridge.attach()
    }

    /// The section titles under `widget`, in order.
    @MainActor private static func titles(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var found: [String] = []
        if gtk_widget_has_css_class(widget, "title-2") != 0 {
            found.append(String(cString: gtk_label_get_label(OpaquePointer(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += titles(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    func testTheSectionsAfterTheFirstComeOneAFrame() throws {
        try MainActor.assumeIsolated {
            let environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "test")
            let view = SettingsView(viewModel: SettingsViewModel(environment: environment))
            let titles = { Self.titles(in: view.root.widget) }
            XCTAssertEqual(titles(), ["Data"], "built with the page: only its first section")

            let window = Widget(retaining: gtk_window_new())
            defer { gtk_window_destroy(window.pointer()) }
            gtk_window_set_default_size(window.pointer(), 800, 600)
            gtk_window_set_child(window.pointer(), view.root.widget)
            gtk_window_present(window.pointer())
            // Each time the page changes: its titles and the frame the window was at.
            var arrivals: [(titles: [String], frame: gint64)] = []
            let all = ["Data", "Currencies", "OCR engine", "OCR languages", "Remote analysis"]
            let arrived = spinMainContext {
                let now = titles()
                if now != arrivals.last?.titles ?? ["Data"], let clock = gtk_widget_get_frame_clock(window.widget) {
                    arrivals.append((now, gdk_frame_clock_get_frame_counter(clock)))
                }
                return now == all
            }
            XCTAssertTrue(arrived, "the page holds \(titles())")
            XCTAssertEqual(arrivals.map(\.titles), [Array(all.prefix(2)), Array(all.prefix(4)), all])
            let frames = arrivals.map(\.frame)
            XCTAssertEqual(Set(frames).count, frames.count, "one section a frame: \(frames)")
            XCTAssertEqual(view.laterSections.count, 3)
        }
    }
}
