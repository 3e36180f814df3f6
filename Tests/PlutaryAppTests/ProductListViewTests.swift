import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation
import XCTest
@testable import PlutaryApp

/// The Products page fits the window it is added to: the main window opens 1100 px wide and
/// must not widen when Products is first shown, whatever its texts and their language.
final class ProductListViewTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
    }

    @MainActor private static func minimumWidth(_ widget: Widget) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }

    /// Its smallest width is its two panes' (the list's 460 px and the detail's 340 px, with
    /// margins and the handle), not that of a text: 1100 px less the widest sidebar, German's.
    func testThePageAsksForNoMoreThanItsPanes() throws {
        try MainActor.assumeIsolated {
            let catalog = ProductRepository(database: try AppDatabase.inMemory())
            let view = ProductListView(viewModel: ProductListViewModel(catalog: catalog))
            XCTAssertLessThanOrEqual(Self.minimumWidth(view.root), 460 + 2 * 12 + 340 + 10)
        }
    }

    /// A status page's long title wraps as its hint does ("Aucun produit pour l’instant").
    func testAStatusPagesLongTitleWraps() {
        MainActor.assumeIsolated {
            let short = StatusPage.make(icon: "view-list-symbolic", title: "None", hint: "Hint")
            let long = StatusPage.make(icon: "view-list-symbolic", title: "Nothing here yet, and a long way to go before there is", hint: "Hint")
            XCTAssertLessThanOrEqual(Self.minimumWidth(long.page), Self.minimumWidth(short.page) + 200)
            var natural: Int32 = 0
            gtk_widget_measure(long.title.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            XCTAssertGreaterThan(natural, Self.minimumWidth(long.title), "one line when there is room")
        }
    }
}
