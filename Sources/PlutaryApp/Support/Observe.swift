import Observation

/// Runs `render` now and again whenever an observable property it read changes,
/// on the GTK thread, until the returned observation is cancelled. This is how a
/// view stays bound to its view model; a view whose closure reads something that
/// outlives it (a shared service) keeps the observation and cancels it when it goes.
@MainActor
@discardableResult
func observe(_ render: @escaping @MainActor () -> Void) -> Observing {
    let observing = Observing(render)
    observing.track()
    return observing
}
