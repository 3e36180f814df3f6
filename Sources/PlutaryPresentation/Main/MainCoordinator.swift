import PlutaryCore

/// The main window's flow: one child coordinator per section, and the
/// window-level routes (sections, shortcuts, close, quit).
@MainActor
public final class MainCoordinator: Coordinator, CoordinatorDelegate {
    public weak var delegate: CoordinatorDelegate?
    public let viewModel: MainViewModel
    public private(set) var children: [AppSection: Coordinator] = [:]
    private let environment: AppEnvironment
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.environment = environment
        self.navigator = navigator
        self.viewModel = MainViewModel(title: tr("Plutary"))
    }

    public func start() {
        viewModel.onRoute = { [weak self] route in self?.handle(route) }
        navigator.showMainWindow(viewModel)
        children = [
            .receipts: ReceiptsCoordinator(environment: environment, navigator: navigator),
            .products: ProductsCoordinator(environment: environment, navigator: navigator),
            .analytics: AnalyticsCoordinator(environment: environment, navigator: navigator),
            .settings: SettingsCoordinator(environment: environment, navigator: navigator),
        ]
        for section in AppSection.allCases { children[section]?.start() }
        navigator.showSection(viewModel.selectedSection)
    }

    public func handle(_ route: MainRoute) {
        switch route {
        case .section(let section):
            (children[section] as? SectionCoordinator)?.refresh()
            navigator.showSection(section)
        case .shortcuts:
            navigator.showShortcuts()
        case .closeWindow:
            navigator.closeMainWindow()
        case .quit:
            delegate?.didFinish(from: self)
        }
    }

    public func didFinish(from coordinator: Coordinator) {}
}
