import CGtk
import CGtkShims
import Dispatch
import Foundation
import XCTest
@testable import GtkKit

/// These run on the main thread (XCTest on Linux runs test methods there), so
/// spinning GLib's default context here is what the app's main loop does.
final class GtkKitTests: GtkTestCase {
    nonisolated(unsafe) static var finalized = 0

    func testReleasingAWidgetWrapperFinalizesTheWidget() {
        MainActor.assumeIsolated {
            GtkKitTests.finalized = 0
            do {
                let label = Widgets.label("short-lived")
                plutary_object_weak_ref(label.raw, { _, _ in GtkKitTests.finalized += 1 }, nil)
                XCTAssertEqual(GtkKitTests.finalized, 0)
                _ = label
            }
            XCTAssertEqual(GtkKitTests.finalized, 1, "the label outlived its only owner")
        }
    }

    func testAWidgetOnScreenKeepsTheWrapperItsOwnerLetGo() {
        final class Greeter: Widget {
            var greeted = 0
            init() {
                super.init(retaining: gtk_button_new_with_label("Hello"))
                on("clicked") { [weak self] in self?.greeted += 1 }
            }
        }
        MainActor.assumeIsolated {
            GtkKitTests.finalized = 0
            weak var greeter: Greeter?
            let window = Widget(retaining: gtk_window_new())
            do {
                let shown = Greeter()
                greeter = shown
                plutary_object_weak_ref(shown.raw, { _, _ in GtkKitTests.finalized += 1 }, nil)
                gtk_window_set_child(window.pointer(), shown.pointer())
            }
            // Its Swift owner is gone, but the button is in the window: the handler still answers.
            XCTAssertNotNil(greeter, "the wrapper of a widget on screen was freed")
            if let button = greeter { plutary_signal_emit_int(button.raw, "clicked", 0) }
            XCTAssertEqual(greeter?.greeted, 1)
            // Out of the window, nothing holds the button: the wrapper and the widget go together.
            gtk_window_set_child(window.pointer(), nil)
            XCTAssertNil(greeter, "the wrapper outlived its widget's last holder")
            XCTAssertEqual(GtkKitTests.finalized, 1, "the button outlived its wrapper")
            gtk_window_destroy(window.pointer())
        }
    }

    func testASecondWrapperOfAnObjectHoldsAPlainReference() {
        MainActor.assumeIsolated {
            GtkKitTests.finalized = 0
            weak var first: Widget?
            do {
                let label = Widgets.label("twice")
                first = label
                plutary_object_weak_ref(label.raw, { _, _ in GtkKitTests.finalized += 1 }, nil)
                var second: Widget? = Widget(retaining: label.raw)
                _ = consume label
                // The second wrapper's reference holds the object, which holds the first wrapper.
                XCTAssertNotNil(first)
                second = nil
                _ = second
            }
            XCTAssertNil(first, "the first wrapper outlived every other holder of its object")
            XCTAssertEqual(GtkKitTests.finalized, 1, "the label outlived both wrappers")
        }
    }

    func testAnAdoptedFloatingWidgetIsOwnedOnceAndFreedWithItsWrapper() {
        MainActor.assumeIsolated {
            GtkKitTests.finalized = 0
            let window = Widget(retaining: gtk_window_new())
            do {
                let label = Object(adopting: UnsafeMutableRawPointer(gtk_label_new("floating")))
                plutary_object_weak_ref(label.raw, { _, _ in GtkKitTests.finalized += 1 }, nil)
                gtk_window_set_child(window.pointer(), label.pointer())
                gtk_window_set_child(window.pointer(), nil)
                // The window took and gave back a reference of its own: the label is still the wrapper's.
                XCTAssertEqual(GtkKitTests.finalized, 0, "the window's release freed a label its wrapper still held")
            }
            XCTAssertEqual(GtkKitTests.finalized, 1, "the label outlived its wrapper")
            gtk_window_destroy(window.pointer())
        }
    }

    func testASignalBoxIsFreedWhenItsObjectDies() {
        final class Canary { nonisolated(unsafe) static var alive = 0; init() { Canary.alive += 1 }; deinit { Canary.alive -= 1 } }
        MainActor.assumeIsolated {
            var activations = 0
            do {
                let canary = Canary()
                let action = Action(name: "probe") { _ = canary; activations += 1 }
                action.activate()
                XCTAssertEqual(activations, 1)
                XCTAssertEqual(Canary.alive, 1, "the closure box keeps its captures alive while connected")
            }
            XCTAssertEqual(Canary.alive, 0, "the box (and what it captured) outlived the object")
        }
    }

    func testDisconnectingReleasesTheBoxImmediately() {
        final class Token { nonisolated(unsafe) static var alive = 0; init() { Token.alive += 1 }; deinit { Token.alive -= 1 } }
        MainActor.assumeIsolated {
            let label = Widgets.label("x")
            let token = Token()
            let id = label.on("notify::label") { _ = token }
            _ = consume token
            XCTAssertEqual(Token.alive, 1)
            label.disconnect(id)
            XCTAssertEqual(Token.alive, 0)
        }
    }

    func testAnAnsweredFileChooserIsDestroyedAndFreed() {
        MainActor.assumeIsolated {
            GtkKitTests.finalized = 0
            var answers: [[URL]] = []
            weak var chooser: FileChooser?
            do {
                FileChooser.openFiles(title: "Pick", accept: "_Open", parent: nil, multiple: false, filters: []) { answers.append($0) }
                guard let shown = FileChooser.pending.values.first else { return XCTFail("no chooser is waiting for an answer") }
                chooser = shown
                plutary_object_weak_ref(shown.dialog.raw, { _, _ in GtkKitTests.finalized += 1 }, nil)
                plutary_signal_emit_int(shown.dialog.raw, "response", GTK_RESPONSE_CANCEL.rawValue)
            }
            XCTAssertEqual(answers, [[]])
            XCTAssertTrue(spinMainContext { chooser == nil && GtkKitTests.finalized == 1 }, "the answered chooser or its dialog outlived the answer")
            XCTAssertTrue(FileChooser.pending.isEmpty)
        }
    }

    func testAListItemFactoryTearsDownWhatItSetUp() {
        final class Cell { nonisolated(unsafe) static var alive = 0; init() { Cell.alive += 1 }; deinit { Cell.alive -= 1 } }
        MainActor.assumeIsolated {
            var cells: [UnsafeMutableRawPointer: Cell] = [:]
            let bridge = ListModelBridge<Int>()
            bridge.replace(with: [1, 2, 3])
            let factory = ListItemFactory(setup: {
                let label = Widgets.label("")
                cells[label.raw] = Cell()
                return label
            }, bind: { _, _ in }, teardown: { cell in cells[UnsafeMutableRawPointer(cell)] = nil })
            // The list view and its selection model take over the references they are given.
            g_object_ref(factory.raw)
            g_object_ref(UnsafeMutableRawPointer(bridge.model))
            do {
                let list = gtk_list_view_new(gtk_no_selection_new(bridge.model), factory.factory)
                let window = Widget(retaining: gtk_window_new())
                gtk_window_set_child(window.pointer(), list)
                gtk_window_present(window.pointer())
                XCTAssertTrue(spinMainContext { Cell.alive == 3 }, "the list set up \(Cell.alive) cells, not 3")
                gtk_window_destroy(window.pointer())
            }
            XCTAssertTrue(spinMainContext { Cell.alive == 0 }, "\(Cell.alive) cells outlived their list")
        }
    }

    func testAMainActorTaskStartedInAGtkCallbackRunsWhileGLibSpins() {
        MainActor.assumeIsolated {
            var ranOnMainThread = false
            var dispatched = false
            let action = Action(name: "start-task") {
                Task { @MainActor in ranOnMainThread = Thread.isMainThread }
                DispatchQueue.main.async { dispatched = true }
            }
            action.activate()
            XCTAssertFalse(ranOnMainThread, "the task must not run synchronously inside the callback")
            XCTAssertTrue(spinMainContext(until: { ranOnMainThread && dispatched }), "main-queue work did not run while GLib spun")
        }
    }

    func testTheListModelBridgeExposesTheSwiftArray() {
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<String>()
            bridge.replace(with: ["a", "b", "c"])
            XCTAssertEqual(g_list_model_get_n_items(bridge.model), 3)
            let second = g_list_model_get_item(bridge.model, 1)
            XCTAssertEqual(bridge.item(for: second), "b")
            g_object_unref(second)
            bridge.replace(with: ["x"])
            XCTAssertEqual(g_list_model_get_n_items(bridge.model), 1)
            let first = g_list_model_get_item(bridge.model, 0)
            XCTAssertEqual(bridge.item(for: first), "x")
            g_object_unref(first)
            bridge.replace(with: [])
            XCTAssertEqual(g_list_model_get_n_items(bridge.model), 0)
        }
    }

    /// A widget in no window gets its tooltip without GTK asking the X server where the pointer
    /// is (it is hidden meanwhile); it stays visible, and a widget in a window keeps updating.
    func testATooltipIsSetWhetherOrNotTheWidgetIsInAWindow() {
        MainActor.assumeIsolated {
            let loose = Widgets.button(label: "Split off")
            loose.tooltip = "Make these purchases a product of their own"
            XCTAssertEqual(loose.tooltip, "Make these purchases a product of their own")
            XCTAssertTrue(loose.isVisible)
            XCTAssertNotEqual(gtk_widget_get_has_tooltip(loose.widget), 0)

            let hidden = Widgets.button(label: "Merge")
            hidden.isVisible = false
            hidden.tooltip = "Merge"
            XCTAssertFalse(hidden.isVisible, "a hidden widget stays hidden")

            let window = Widget(retaining: gtk_window_new())
            defer { gtk_window_destroy(window.pointer()) }
            let shown = Widgets.button(label: "Export")
            gtk_window_set_child(window.pointer(), shown.widget)
            shown.tooltip = "Export the chart"
            shown.tooltip = nil
            XCTAssertNil(shown.tooltip)
            XCTAssertEqual(gtk_widget_get_has_tooltip(shown.widget), 0)
        }
    }

    func testAReplaceKeepsTheSelectionOfRowsThatDidNotChange() {
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<String>()
            bridge.announcesChangesInPlace = { true }
            bridge.replace(with: ["a", "b", "c", "d"])
            // Over GtkTreeListModel, whose row objects are new for every announced row, a selection shows which rows were announced.
            g_object_ref(UnsafeMutableRawPointer(bridge.model))
            let tree = gtk_tree_list_model_new(bridge.model, 0, 0, { _, _ in nil }, nil, nil)
            let selection = Object(adopting: UnsafeMutableRawPointer(gtk_multi_selection_new(tree)))
            let selected = { (0..<5).filter { gtk_selection_model_is_selected(selection.opaque, guint($0)) != 0 } }
            gtk_selection_model_select_item(selection.opaque, 1, 0)
            gtk_selection_model_select_item(selection.opaque, 3, 0)
            bridge.replace(with: ["a", "b", "c", "d"])
            XCTAssertEqual(selected(), [1, 3], "the same rows again: nothing announced")
            bridge.replace(with: ["a", "b", "C", "d"])
            XCTAssertEqual(selected(), [1, 3], "one row changed in place: only it is announced")
            bridge.replace(with: ["a", "B", "C", "d"])
            XCTAssertEqual(selected(), [3], "the changed row is announced, so it is deselected")
            bridge.replace(with: ["a", "B", "C"])
            XCTAssertEqual(selected(), [], "a shorter list removes the last row")
            gtk_selection_model_select_item(selection.opaque, 0, 0)
            bridge.replace(with: ["a", "B", "C", "e", "f"])
            XCTAssertEqual(selected(), [0], "rows added at the end leave the head alone")
            XCTAssertEqual(g_list_model_get_n_items(bridge.model), 5)
            let last = g_list_model_get_item(bridge.model, 4)
            XCTAssertEqual(bridge.item(for: last), "f")
            g_object_unref(last)
        }
    }

    func testTheBridgeReleasesReplacedRowsOffTheMainThread() {
        final class Row: Equatable, @unchecked Sendable {
            nonisolated(unsafe) static var releasedOnMain: Bool?
            static func == (a: Row, b: Row) -> Bool { a === b }
            deinit { Row.releasedOnMain = Thread.isMainThread }
        }
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<Row>()
            bridge.replace(with: [Row()])
            bridge.replace(with: [])
            XCTAssertTrue(spinMainContext { Row.releasedOnMain != nil }, "the replaced row was never released")
            XCTAssertEqual(Row.releasedOnMain, false, "the replaced row was released on the main thread")
            XCTAssertEqual(g_list_model_get_n_items(bridge.model), 0)
        }
    }

    func testTheArrayShownIsNotComparedAgain() {
        struct Row: Equatable, Sendable {
            nonisolated(unsafe) static var comparisons = 0
            let name: String
            static func == (a: Row, b: Row) -> Bool { comparisons += 1; return a.name == b.name }
        }
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<Row>()
            let rows = (0..<1000).map { Row(name: "\($0)") }
            bridge.replace(with: rows)
            Row.comparisons = 0
            bridge.replace(with: rows)
            XCTAssertEqual(Row.comparisons, 0)
            bridge.replace(with: rows.map { $0 })
            XCTAssertEqual(Row.comparisons, 1000, "an equal copy is compared row by row")
        }
    }

    func testAPositionAnswersWithTheSameRowObject() {
        MainActor.assumeIsolated {
            let bridge = ListModelBridge<String>()
            bridge.replace(with: ["a", "b", "c"])
            let first = g_list_model_get_item(bridge.model, 1), again = g_list_model_get_item(bridge.model, 1)
            // GtkSingleSelection finds its selected row again by identity after items-changed.
            XCTAssertEqual(first, again, "one position, two objects")
            bridge.replace(with: ["a", "B", "c"])
            let changed = g_list_model_get_item(bridge.model, 1)
            XCTAssertEqual(changed, first, "a row changed in place keeps its object")
            XCTAssertEqual(bridge.item(for: changed), "B")
            bridge.replace(with: ["x", "y"])
            let shrunk = g_list_model_get_item(bridge.model, 1)
            XCTAssertEqual(bridge.item(for: shrunk), "y")
            XCTAssertNil(g_list_model_get_item(bridge.model, 2))
            [first, again, changed, shrunk].forEach { g_object_unref($0) }
        }
    }
}
