import PlutaryCore

/// The main window's flow: one child coordinator per section, and the
/// window-level routes (sections, shortcuts, close, quit).
@MainActor
public final class MainCoordinator: Coordinator, CoordinatorDelegate {
    public weak var delegate: CoordinatorDelegate?
    public let viewModel: MainViewModel
    public let importer: ImportViewModel
    public private(set) var children: [AppSection: Coordinator] = [:]
    private let environment: AppEnvironment
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.environment = environment
        self.navigator = navigator
        self.viewModel = MainViewModel(title: tr("Plutary"))
        self.importer = ImportViewModel(scanner: environment.scanner, images: ImageLibrary(database: environment.database))
    }

    public func start() {
        viewModel.onRoute = { [weak self] route in self?.handle(route) }
        importer.onFinished = { [weak self] items in self?.imported(items) }
        navigator.showMainWindow(viewModel)
        navigator.installImport(importer)
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
            finishPendingWork()
            delegate?.didFinish(from: self)
        case .importFiles(let urls):
            importer.start(urls)
        case .windowClosing:
            finishPendingWork()
        }
    }

    private var receipts: ReceiptsCoordinator? { children[.receipts] as? ReceiptsCoordinator }

    /// Scanned receipts go to review; the list shows whatever got saved.
    private func imported(_ items: [ReviewItem]) {
        receipts?.refresh()
    }

    private func finishPendingWork() {
        receipts?.viewModel.commitPendingDeletion()
    }

    public func didFinish(from coordinator: Coordinator) {}
}
