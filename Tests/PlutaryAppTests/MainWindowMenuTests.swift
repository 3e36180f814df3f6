import CGtk
import GtkKit
import XCTest
@testable import PlutaryApp

/// The window's main menu is owned by its button and goes with it.
final class MainWindowMenuTests: XCTestCase {
    nonisolated(unsafe) static var finalized = 0

    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
    }

    func testTheMenuIsReleasedWithItsButton() {
        MainActor.assumeIsolated {
            MainWindowMenuTests.finalized = 0
            do {
                let button = Widget(retaining: gtk_menu_button_new())
                MainWindowView.setPrimaryMenu(of: button)
                guard let menu = gtk_menu_button_get_menu_model(button.opaque) else { return XCTFail("the button has no menu") }
                g_object_weak_ref(UnsafeMutablePointer<GObject>(OpaquePointer(menu)), { _, _ in MainWindowMenuTests.finalized += 1 }, nil)
                XCTAssertEqual(MainWindowMenuTests.finalized, 0)
            }
            XCTAssertEqual(MainWindowMenuTests.finalized, 1, "the menu outlived its button")
        }
    }
}
