/// The Analytics section.
@MainActor
public final class AnalyticsCoordinator: SectionCoordinator {
    public let viewModel: AnalyticsViewModel
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.navigator = navigator
        self.viewModel = AnalyticsViewModel(spending: environment.spending)
    }

    public func start() {
        navigator.install(.analytics(viewModel))
        viewModel.load()
    }

    public func refresh() { viewModel.load() }
}
