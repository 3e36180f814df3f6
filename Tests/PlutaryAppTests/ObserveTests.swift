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
            XCTAssertTrue(spinMainContext { runs == 2 }, "the observation did not re-run on a change")
            observing.cancel()
            counter.value = 2
            XCTAssertFalse(spinMainContext(timeout: 0.3) { runs > 2 }, "a cancelled observation ran again")
            counter.value = 3
            XCTAssertFalse(spinMainContext(timeout: 0.3) { runs > 2 }, "a cancelled observation re-armed")
        }
    }
}
