/// The Settings section.
@MainActor
public final class SettingsCoordinator: SectionCoordinator {
    public let viewModel: SettingsViewModel
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.navigator = navigator
        self.viewModel = SettingsViewModel(environment: environment)
    }

    public func start() {
        navigator.install(.settings(viewModel))
        viewModel.load()
    }

    public func refresh() { viewModel.load() }
}
