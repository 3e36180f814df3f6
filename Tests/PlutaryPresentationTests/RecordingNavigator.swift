import PlutaryPresentation

/// A navigator that records what the coordinators asked for, instead of showing windows.
@MainActor
final class RecordingNavigator: MainNavigating {
    enum Event: Equatable {
        case mainWindow, install(AppSection), installImport, show(AppSection), shortcuts, close, quit
        /// The review screen for a receipt, by its position in the batch.
        case review(Int), closeReview
        case acquire, closeAcquire
    }

    private(set) var events: [Event] = []
    private(set) var mainViewModel: MainViewModel?
    private(set) var reviewViewModel: ReviewViewModel?

    func showMainWindow(_ viewModel: MainViewModel) {
        mainViewModel = viewModel
        events.append(.mainWindow)
    }
    func install(_ screen: SectionScreen) { events.append(.install(screen.section)) }
    func installImport(_ viewModel: ImportViewModel) { events.append(.installImport) }
    func showSection(_ section: AppSection) { events.append(.show(section)) }
    func showShortcuts() { events.append(.shortcuts) }
    func showAcquire(_ viewModel: AcquireViewModel) { events.append(.acquire) }
    func closeAcquire() { events.append(.closeAcquire) }
    func closeMainWindow() { events.append(.close) }
    func quit() { events.append(.quit) }
    func showReview(_ viewModel: ReviewViewModel) {
        reviewViewModel = viewModel
        events.append(.review(viewModel.position))
    }
    func closeReview() {
        reviewViewModel = nil
        events.append(.closeReview)
    }
}
