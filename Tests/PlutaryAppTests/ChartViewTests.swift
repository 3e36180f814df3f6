import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import XCTest
@testable import PlutaryApp

/// A chart on screen is built and laid out off the main thread: the frame that shows another chart
/// paints the layout the area has, and the new one is painted once it is in, made for the area's size.
final class ChartViewTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
        MainLoopBridge.attach()
    }

    func testAnotherChartIsLaidOutOffTheMainThread() {
        MainActor.assumeIsolated {
            let view = ChartView(accessibleLabel: "Price history", height: 220)
            let window = Self.present(view)
            defer { gtk_window_destroy(window.pointer()) }

            view.show(Self.history(from: 100, to: 400)) { $0 }
            XCTAssertTrue(spinMainContext { view.layout != nil && WidgetPixels(view.area.widget) != nil }, "the chart was never laid out")
            let first = view.layout
            let size = CGSize(width: Double(gtk_widget_get_width(view.area.widget)), height: Double(gtk_widget_get_height(view.area.widget)))
            XCTAssertEqual(first?.size, size)

            view.show(Self.history(from: 400, to: 100)) { $0 }
            // Drawn at once, the area paints the layout it has: none is made on the main thread.
            XCTAssertNotNil(WidgetPixels(view.area.widget))
            XCTAssertTrue(view.layout == first, "the new chart was laid out while drawing")
            XCTAssertTrue(spinMainContext { view.layout != first }, "the other chart was never laid out")
            XCTAssertEqual(view.layout?.size, size)
            XCTAssertFalse(view.layout?.shapes == first?.shapes, "the other chart's layout shows the first")
        }
    }

    func testAChartIsBuiltOffTheMainThread() {
        MainActor.assumeIsolated {
            let view = ChartView(accessibleLabel: "Price history", height: 220)
            let builds = Builds()
            view.show(400.0) { end in
                builds.record(onMainThread: Thread.isMainThread)
                return Self.history(from: 100, to: end)
            }
            XCTAssertTrue(spinMainContext { view.chart != nil }, "the chart was never built")
            XCTAssertEqual(builds.onMainThread, [false])
            // The same source again is the same chart: nothing is built.
            view.show(400.0) { _ in
                builds.record(onMainThread: Thread.isMainThread)
                return Self.history(from: 1, to: 2)
            }
            XCTAssertFalse(spinMainContext(timeout: 0.3) { builds.onMainThread.count > 1 }, "the same chart was built again")
        }
    }

    func testAChartLaidOutAtAnotherSizeIsNotBuiltAgain() {
        MainActor.assumeIsolated {
            let view = ChartView(accessibleLabel: "Price history", height: 220)
            let window = Self.present(view)
            defer { gtk_window_destroy(window.pointer()) }
            let builds = Builds()
            view.show(400.0) { end in
                builds.record(onMainThread: Thread.isMainThread)
                return Self.history(from: 100, to: end)
            }
            XCTAssertTrue(spinMainContext { view.layout != nil }, "the chart was never laid out")
            let first = view.layout?.size
            gtk_widget_set_size_request(view.area.widget, 700, 320)
            XCTAssertTrue(spinMainContext { view.layout?.size != first && view.layout != nil }, "the chart was never laid out again")
            XCTAssertEqual(builds.onMainThread.count, 1, "the chart was built again for another size")
        }
    }

    func testTheSourceShownBeforeIsFreedOffTheMainThread() {
        MainActor.assumeIsolated {
            let view = ChartView(accessibleLabel: "Price history", height: 220)
            let window = Self.present(view)
            defer { gtk_window_destroy(window.pointer()) }
            let frees = Frees()
            // A product's price history: the next product shown frees it.
            view.show(Tracked(id: 1, frees: frees)) { _ in Self.history(from: 100, to: 400) }
            XCTAssertTrue(spinMainContext { view.layout != nil }, "the first chart was never laid out")
            let first = view.layout
            view.show(Tracked(id: 2, frees: frees)) { _ in Self.history(from: 400, to: 100) }
            XCTAssertTrue(spinMainContext { view.layout != first && frees.ids.contains(1) }, "the first source was never freed")
            XCTAssertEqual(frees.onMainThread(id: 1), false, "the source shown before was freed on the main thread")
            XCTAssertFalse(frees.ids.contains(2), "the source shown was freed")
        }
    }

    /// A window of 500×260 showing `view`; the caller destroys it.
    @MainActor
    private static func present(_ view: ChartView) -> Widget {
        let window = Widget(retaining: gtk_window_new())
        gtk_window_set_default_size(window.pointer(), 500, 260)
        gtk_window_set_child(window.pointer(), view.area.widget)
        gtk_window_present(window.pointer())
        return window
    }

    /// Where each chart was built.
    private final class Builds: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [Bool] = []
        var onMainThread: [Bool] { lock.withLock { threads } }
        func record(onMainThread: Bool) { lock.withLock { threads.append(onMainThread) } }
    }

    /// A source that notes where it is freed.
    private final class Tracked: Hashable, Sendable {
        let id: Int
        let frees: Frees
        init(id: Int, frees: Frees) {
            self.id = id
            self.frees = frees
        }
        deinit { frees.record(id: id, onMainThread: Thread.isMainThread) }
        static func == (a: Tracked, b: Tracked) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Which sources were freed, and whether on the main thread.
    private final class Frees: @unchecked Sendable {
        private let lock = NSLock()
        private var freed: [Int: Bool] = [:]
        var ids: Set<Int> { lock.withLock { Set(freed.keys) } }
        func onMainThread(id: Int) -> Bool? { lock.withLock { freed[id] } }
        func record(id: Int, onMainThread: Bool) { lock.withLock { freed[id] = onMainThread } }
    }

    /// Two months of a price going from `start` to `end` (minor units).
    private static func history(from start: Double, to end: Double) -> Chart {
        let points = (0..<60).map { (day: Int) -> LineChartData.Point in
            let value: Double = start + (end - start) * Double(day) / 59
            return LineChartData.Point(day: String(format: "2026-%02d-%02d", 3 + day / 30, 1 + day % 30), value: value)
        }
        return .line(LineChartData(title: "Bok Choy", currency: "CAD", series: [.init(title: "T&T", points: points, colorIndex: 0)]))
    }
}
