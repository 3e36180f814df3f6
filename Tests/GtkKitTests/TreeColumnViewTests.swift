import CGtk
import CGtkShims
import Foundation
import XCTest
@testable import GtkKit

/// The receipts list's table: parents expand in place into children, and a
/// changed list keeps its row widgets while showing the new rows.
final class TreeColumnViewTests: GtkTestCase {
    nonisolated(unsafe) static var finalized = 0
    /// The frame counter at each change of a list (kept here: a C callback captures nothing).
    nonisolated(unsafe) static var frames: [gint64] = []

    func testAReplaceAnnouncesOnlyTheCountsDifferenceAtTheEnd() {
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<String>()
            bridge.replace(with: (0..<1000).map { "row \($0)" })
            let log = ChangeLog()
            let record: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
                Unmanaged<ChangeLog>.fromOpaque(data!).takeUnretainedValue().changes.append([position, removed, added])
            }
            g_signal_connect_data(UnsafeMutableRawPointer(bridge.model), "items-changed", unsafeBitCast(record, to: GCallback.self),
                                  Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(0))
            var changed: [Range<Int>] = []
            bridge.onReplace { changed.append($0) }
            // A search: GTK looks for a removed row that is on screen among every added row, so one
            // change of (1, 999, 3) would cost a lookup and a row object for each. The rows changed
            // in place keep their objects and are not announced; the views bind them again.
            bridge.replace(with: ["row 0", "match 1", "match 2", "match 3"])
            XCTAssertEqual(log.changes, [[4, 996, 0]])
            // The search cleared: only the rows added at the end are announced.
            bridge.replace(with: (0..<1000).map { "row \($0)" })
            XCTAssertEqual(log.changes, [[4, 996, 0], [4, 0, 996]])
            bridge.replace(with: (0..<1000).map { $0 == 500 ? "changed" : "row \($0)" })
            XCTAssertEqual(log.changes.count, 2, "a row changed in place: nothing to announce")
            XCTAssertEqual(changed, [1..<4, 1..<1000, 500..<501], "the handlers hear of every changed row")
            log.changes = []
            // Under a sort model, rows changed in place are announced too, then the count's difference.
            bridge.announcesChangesInPlace = { true }
            bridge.replace(with: ["other"])
            XCTAssertEqual(log.changes, [[0, 1, 1], [1, 999, 0]])
            let first = g_list_model_get_item(bridge.model, 0)
            XCTAssertEqual(bridge.item(for: first), "other")
            g_object_unref(first)
        }
    }

    func testTheExpandingListPlacesChildrenAfterTheirParent() {
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<String>()
            // As under a sorted table: rows changed in place are announced, and the expanding list follows.
            bridge.announcesChangesInPlace = { true }
            bridge.replace(with: ["a", "b", "c", "d"])
            let rows = Object(adopting: UnsafeMutableRawPointer(plutary_expanding_list_new(bridge.model)))
            let log = ChangeLog()
            let record: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
                Unmanaged<ChangeLog>.fromOpaque(data!).takeUnretainedValue().changes.append([position, removed, added])
            }
            g_signal_connect_data(rows.raw, "items-changed", unsafeBitCast(record, to: GCallback.self),
                                  Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(0))
            let tags = { (0..<g_list_model_get_n_items(rows.opaque)).map { position -> guint64 in
                let object = g_list_model_get_item(rows.opaque, position)
                defer { g_object_unref(object) }
                return plutary_object_get_index(object)
            } }
            plutary_expanding_list_expand(rows.opaque, 1, 2, 100)
            plutary_expanding_list_expand(rows.opaque, 3, 1, 200)
            XCTAssertEqual(tags(), [0, 1, 100, 101, 2, 3, 200])
            XCTAssertEqual(log.changes, [[2, 0, 2], [6, 0, 1]])
            var parent: guint = 0, child: gint = 0
            XCTAssertEqual(plutary_expanding_list_locate(rows.opaque, 3, &parent, &child), 1)
            XCTAssertEqual([parent, guint(child)], [1, 1])
            XCTAssertEqual(plutary_expanding_list_locate(rows.opaque, 5, &parent, &child), 1)
            XCTAssertEqual(parent, 3)
            XCTAssertEqual(child, -1)
            XCTAssertEqual(plutary_expanding_list_locate(rows.opaque, 7, &parent, &child), 0, "past the end")

            // "b" changes in place: its row is announced with its children, and collapses; "d" keeps its place.
            log.changes = []
            bridge.replace(with: ["a", "B", "c", "d"])
            XCTAssertEqual(log.changes, [[1, 3, 1]])
            XCTAssertEqual(tags(), [0, 1, 2, 3, 200])
            XCTAssertEqual(plutary_expanding_list_is_expanded(rows.opaque, 3), 1)

            // A row inserted before an expanded parent moves its expansion along.
            log.changes = []
            bridge.replace(with: ["a", "x", "B", "c", "d"])
            XCTAssertEqual(log.changes, [[1, 4, 3], [4, 0, 1]],
                           "the rows from the first change replaced in place, the expanded d's child included, then one added")
            XCTAssertEqual(tags(), [0, 1, 2, 3, 4])

            plutary_expanding_list_expand(rows.opaque, 0, 1, 300)
            log.changes = []
            plutary_expanding_list_collapse(rows.opaque, 0)
            XCTAssertEqual(log.changes, [[1, 1, 0]])
            XCTAssertEqual(plutary_expanding_list_is_expanded(rows.opaque, 0), 0)
        }
    }

    func testASortedTableOrdersRowsChangedInPlaceAnew() {
        MainActor.assumeIsolated {
            let table = TreeColumnView<String, String>(bridge: ListModelBridge<String>(), childCount: { _ in 0 },
                                                       child: { _, _ in nil })
            table.addTextColumn("Name", parent: { $0 }, child: { $0 }, order: { $0 < $1 })
            table.bridge.replace(with: ["a", "b", "c"])
            let columns = gtk_column_view_get_columns(table.opaque)
            let column = g_list_model_get_item(columns, 0)
            gtk_column_view_sort_by_column(table.opaque, OpaquePointer(column), GTK_SORT_DESCENDING)
            g_object_unref(column)
            XCTAssertTrue(spinMainContext { table.node(at: 0) == .parent(2) }, "c first")
            table.bridge.replace(with: ["a", "z", "c"])
            XCTAssertTrue(spinMainContext { table.node(at: 0) == .parent(1) }, "z, changed in place, sorts first")
        }
    }

    func testAChangedListShowsItsNewRowsInTheWidgetsItKeeps() {
        MainActor.assumeIsolated {
            let table = TreeColumnView<String, String>(bridge: ListModelBridge<String>(), childCount: { _ in 2 },
                                                       child: { parent, index in "\(parent)-\(index)" })
            table.addTextColumn("Name", parent: { $0 }, child: { $0 })
            let window = presented(table)
            defer { gtk_window_destroy(window.pointer()) }

            table.bridge.replace(with: ["apple", "banana", "cherry"])
            XCTAssertTrue(spinMainContext { Set(texts(in: table.widget)).isSuperset(of: ["apple", "banana", "cherry"]) })
            TreeColumnViewTests.finalized = 0
            for text in textWidgets(in: table.widget) {
                plutary_object_weak_ref(UnsafeMutableRawPointer(text), { _, _ in TreeColumnViewTests.finalized += 1 }, nil)
            }
            table.setExpanded(true, at: 0)
            XCTAssertTrue(spinMainContext { texts(in: table.widget).contains("apple-1") }, "the expanded parent's children are listed")
            XCTAssertEqual(table.node(at: 2), .child(parent: 0, index: 1))
            XCTAssertTrue(table.isExpanded(at: 0))
            XCTAssertTrue(spinMainContext { arrows(in: table.widget).first == "pan-down-symbolic" }, "arrows: \(arrows(in: table.widget))")
            XCTAssertEqual(arrows(in: table.widget).count, 3, "children show no arrow")
            table.select(position: 0)

            table.bridge.replace(with: ["damson", "elder"])
            XCTAssertTrue(spinMainContext { Set(texts(in: table.widget)) == ["damson", "elder"] },
                          "shown: \(texts(in: table.widget))")
            XCTAssertEqual(TreeColumnViewTests.finalized, 1, "only the third row's text goes: the kept rows are not built again")
            XCTAssertEqual(table.rowCount, 2)
            XCTAssertFalse(table.isExpanded(at: 0), "a changed parent collapses")
            XCTAssertEqual(arrows(in: table.widget), ["pan-end-symbolic", "pan-end-symbolic"])
            XCTAssertEqual(table.selectedParents, [], "a changed row is not selected")
            table.select(position: 0)
            table.bridge.replace(with: ["damson", "fig"])
            XCTAssertEqual(table.selectedParents, [0], "an unchanged row stays selected")
            XCTAssertTrue(spinMainContext { Set(texts(in: table.widget)) == ["damson", "fig"] })
        }
    }

    func testATextColumnWidensToItsLongestTextAndKeepsThatWidth() {
        MainActor.assumeIsolated {
            let table = TreeColumnView<String, String>(bridge: ListModelBridge<String>(), childCount: { _ in 0 },
                                                       child: { _, _ in nil })
            table.addTextColumn("Name", chars: 4, parent: { $0 }, child: { $0 })
            let window = presented(table)
            defer { gtk_window_destroy(window.pointer()) }
            let widths = { textWidgets(in: table.widget).filter { gtk_widget_get_mapped($0) != 0 }.map { gtk_inscription_get_nat_chars(OpaquePointer($0)) } }

            table.bridge.replace(with: ["a", "bb"])
            XCTAssertTrue(spinMainContext { Set(texts(in: table.widget)) == ["a", "bb"] })
            XCTAssertEqual(Set(widths()), [4], "shorter texts keep the width asked for")
            table.bridge.replace(with: ["a", "a longer name"])
            XCTAssertTrue(spinMainContext { texts(in: table.widget).contains("a longer name") })
            let wide = widths().max() ?? 0
            XCTAssertGreaterThanOrEqual(wide, 10, "the column widens to its longest text")
            table.bridge.replace(with: ["c", "d"])
            XCTAssertTrue(spinMainContext { Set(texts(in: table.widget)) == ["c", "d"] })
            XCTAssertEqual(Set(widths()), [wide], "the column keeps its width as the list changes")
        }
    }

    /// GTK 4.8 builds the widgets of up to 200 rows as soon as they are in the model: a list
    /// that grows long takes 20 rows first, then 10 at a time, one step after each frame, then the
    /// rest at once (for which GTK builds nothing).
    func testALongListArrivesAFewRowsAFrame() {
        MainActor.assumeIsolated {
            let table = TreeColumnView<String, String>(bridge: ListModelBridge<String>(), childCount: { _ in 0 },
                                                       child: { _, _ in nil })
            table.addTextColumn("Name", parent: { $0 }, child: { $0 })
            let window = presented(table)
            defer { gtk_window_destroy(window.pointer()) }
            XCTAssertTrue(spinMainContext { gtk_widget_get_mapped(table.widget) != 0 })
            let log = ChangeLog()
            let record: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, removed, added, data in
                Unmanaged<ChangeLog>.fromOpaque(data!).takeUnretainedValue().changes.append([removed, added])
            }
            g_signal_connect_data(UnsafeMutableRawPointer(table.bridge.model), "items-changed", unsafeBitCast(record, to: GCallback.self),
                                  Unmanaged.passUnretained(log).toOpaque(), nil, GConnectFlags(0))
            let counted: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, widget in
                let clock = gtk_widget_get_frame_clock(UnsafeMutablePointer<GtkWidget>(OpaquePointer(widget)))
                TreeColumnViewTests.frames.append(gdk_frame_clock_get_frame_counter(clock))
            }
            TreeColumnViewTests.frames = []
            g_signal_connect_data(UnsafeMutableRawPointer(table.bridge.model), "items-changed", unsafeBitCast(counted, to: GCallback.self),
                                  UnsafeMutableRawPointer(table.widget), nil, GConnectFlags(0))
            let count = { Int(g_list_model_get_n_items(table.bridge.model)) }

            table.bridge.replace(with: (0..<1000).map { "row \($0)" })
            XCTAssertEqual(count(), 20, "the first 20 rows at once")
            XCTAssertEqual(table.bridge.items.count, 1000)
            XCTAssertTrue(spinMainContext { count() == 1000 }, "grew to \(count())")
            XCTAssertEqual(log.changes, [[0, 20]] + Array(repeating: [0, 10], count: 18) + [[0, 800]])
            let frames = TreeColumnViewTests.frames
            XCTAssertEqual(frames, frames.sorted())
            XCTAssertEqual(Set(frames).count, frames.count, "one step a frame: \(frames)")
            XCTAssertLessThanOrEqual(textWidgets(in: table.widget).count, 210, "GTK built no widgets for the last rows")
            XCTAssertTrue(spinMainContext { texts(in: table.widget).contains("row 0") })

            // Replaced while it grows: the rows shown change in place, the others come in the next steps.
            table.bridge.replace(with: ["a"])
            XCTAssertEqual(count(), 1)
            table.bridge.replace(with: (0..<300).map { "row \($0)" })
            XCTAssertEqual(count(), 11)
            XCTAssertTrue(spinMainContext { count() >= 61 })
            table.bridge.replace(with: (0..<300).map { "new \($0)" })
            XCTAssertTrue(spinMainContext { count() == 300 })
            XCTAssertTrue(spinMainContext { texts(in: table.widget).first == "new 0" }, "shown: \(texts(in: table.widget).prefix(3))")
            let last = g_list_model_get_item(table.bridge.model, 299)
            XCTAssertEqual(table.bridge.item(for: last), "new 299")
            g_object_unref(last)
        }
    }

    func testACellsSizeDoesNotFollowItsText() {
        MainActor.assumeIsolated {
            let cell = Widgets.inscription(chars: 6)
            var before: Int32 = 0, after: Int32 = 0, height: Int32 = 0, longHeight: Int32 = 0
            gtk_inscription_set_text(cell.opaque, "a")
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &before, nil, nil)
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_VERTICAL, -1, nil, &height, nil, nil)
            gtk_inscription_set_text(cell.opaque, String(repeating: "a much longer text ", count: 10))
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &after, nil, nil)
            gtk_widget_measure(cell.widget, GTK_ORIENTATION_VERTICAL, -1, nil, &longHeight, nil, nil)
            XCTAssertGreaterThan(before, 0)
            XCTAssertEqual(after, before, "a new text changed the cell's width, so the list is measured again on every change")
            XCTAssertEqual(longHeight, height)
        }
    }
}

/// The icons of the arrows shown under `widget` (mapped and not transparent), in widget-tree order.
@MainActor
private func arrows(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var found: [String] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), gtk_image_get_type()) != 0,
           gtk_widget_get_mapped(current) != 0, gtk_widget_get_opacity(current) > 0,
           let name = gtk_image_get_icon_name(OpaquePointer(current)) {
            found.append(String(cString: name))
        }
        found += arrows(in: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}

private final class ChangeLog {
    var changes: [[UInt32]] = []
}

/// The texts of the cells on screen under `widget`, in widget-tree order.
@MainActor
private func texts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    textWidgets(in: widget).compactMap { text in
        gtk_widget_get_mapped(text) != 0 ? gtk_inscription_get_text(OpaquePointer(text)).map { String(cString: $0) } : nil
    }.filter { !$0.isEmpty }
}

/// The table in a scrolled 400×400 window, shown; the caller destroys the window.
@MainActor
private func presented(_ table: Widget) -> Widget {
    let window = Widget(retaining: gtk_window_new())
    gtk_window_set_default_size(window.pointer(), 400, 400)
    let scrolled = Widgets.scrolled(table)   // kept until the window holds its widget
    gtk_window_set_child(window.pointer(), scrolled.widget)
    gtk_window_present(window.pointer())
    return window
}
