import Observation

/// One `observe` binding. Each change re-arms it (the re-arming holds it, so a
/// discarded one keeps running); `cancel` stops it re-arming.
@MainActor
final class Observing {
    private let render: @MainActor () -> Void
    private(set) var isCancelled = false

    init(_ render: @escaping @MainActor () -> Void) {
        self.render = render
    }

    func cancel() { isCancelled = true }

    func track() {
        guard !isCancelled else { return }
        withObservationTracking(render) {
            Task { @MainActor in self.track() }
        }
    }
}
