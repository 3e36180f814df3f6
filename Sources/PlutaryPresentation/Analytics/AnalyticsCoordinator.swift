/// The Analytics section.
@MainActor
public final class AnalyticsCoordinator: SectionCoordinator {
    public let viewModel: AnalyticsViewModel
    public weak var delegate: AnalyticsCoordinatorDelegate?
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.navigator = navigator
        self.viewModel = AnalyticsViewModel(spending: environment.spending, preferences: environment.preferences)
        viewModel.onRoute = { [weak self] route in self?.handle(route) }
    }

    public func start() {
        navigator.install(.analytics(viewModel))
        viewModel.load()
    }

    public func refresh() { viewModel.load() }

    public func handle(_ route: AnalyticsRoute) {
        switch route {
        case .showReceipts(let filter):
            delegate?.analyticsCoordinator(self, showReceipts: filter)
        }
    }
}
