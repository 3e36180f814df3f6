import CGtk
import Foundation
import GtkKit
import Observation
import XCTest
@testable import PlutaryApp

/// `observe` re-runs on each change until cancelled, then never again.
final class ObserveTests: XCTestCase {
    @MainActor @Observable final class Counter { var value = 0 }

    override class func setUp() {
        super.setUp()
        precondition(gtk_init_check() != 0, "PlutaryApp tests need a display (run under xvfb-run)")
        MainActor.assumeIsolated { MainLoopBridge.attach() }
    }

    func testACancelledObservationStopsReRunning() {
        MainActor.assumeIsolated {
            let counter = Counter()
            var runs = 0
            let observing = observe { _ = counter.value; runs += 1 }
            XCTAssertEqual(runs, 1)
            counter.value = 1
            XCTAssertTrue(Self.spin { runs == 2 }, "the observation did not re-run on a change")
            observing.cancel()
            counter.value = 2
            XCTAssertFalse(Self.spin(timeout: 0.3) { runs > 2 }, "a cancelled observation ran again")
            counter.value = 3
            XCTAssertFalse(Self.spin(timeout: 0.3) { runs > 2 }, "a cancelled observation re-armed")
        }
    }

    private static func spin(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            g_main_context_iteration(nil, 0)
            usleep(2000)
        }
        return condition()
    }
}
