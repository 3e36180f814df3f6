import CGtk
import XCTest
@testable import GtkKit

/// A test case that runs with GTK initialised and the Dispatch main queue attached to
/// GLib's main context, as in the app.
class GtkTestCase: XCTestCase {
    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "GtkKit tests need a display (run under xvfb-run)")
        MainActor.assumeIsolated { MainLoopBridge.attach() }
    }
}
