import Observation

/// Runs `render` now and again whenever an observable property it read changes,
/// on the GTK thread. This is how a view stays bound to its view model.
@MainActor
func observe(_ render: @escaping @MainActor () -> Void) {
    withObservationTracking(render) {
        Task { @MainActor in observe(render) }
    }
}
