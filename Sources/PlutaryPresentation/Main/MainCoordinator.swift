import PlutaryCore

/// The main window's flow: one child coordinator per section, and the
/// window-level routes (sections, shortcuts, close, quit).
@MainActor
public final class MainCoordinator: Coordinator, CoordinatorDelegate, AnalyticsCoordinatorDelegate {
    public weak var delegate: CoordinatorDelegate?
    public let viewModel: MainViewModel
    public let importer: ImportViewModel
    public private(set) var children: [AppSection: Coordinator] = [:]
    public private(set) var review: ReviewCoordinator?
    /// The Scan from Scanner… dialog's model while it is open.
    public private(set) var acquirer: AcquireViewModel?
    /// Receipts that arrived while one saved receipt was being edited; reviewed next.
    public private(set) var waitingForReview: [ReviewItem] = []
    private let environment: AppEnvironment
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.environment = environment
        self.navigator = navigator
        self.viewModel = MainViewModel(title: tr("Plutary"))
        self.importer = ImportViewModel(scanner: environment.scanner, images: environment.images)
    }

    public func start() {
        viewModel.onRoute = { [weak self] route in self?.handle(route) }
        importer.onFinished = { [weak self] items in self?.imported(items) }
        navigator.showMainWindow(viewModel)
        navigator.installImport(importer)
        let analytics = AnalyticsCoordinator(environment: environment, navigator: navigator)
        analytics.delegate = self
        children = [
            .receipts: ReceiptsCoordinator(environment: environment, navigator: navigator),
            .products: ProductsCoordinator(environment: environment, navigator: navigator),
            .analytics: analytics,
            .settings: SettingsCoordinator(environment: environment, navigator: navigator),
        ]
        for section in AppSection.allCases { children[section]?.start() }
        (children[.receipts] as? ReceiptsCoordinator)?.viewModel.onOpen = { [weak self] id in self?.reopen(receiptId: id) }
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
        case .acquire:
            acquire()
        case .windowClosing:
            finishPendingWork()
        }
    }

    /// Each scanned sheet joins the import as it arrives, so the first is in review while the feeder runs.
    private func acquire() {
        if let acquirer {
            navigator.showAcquire(acquirer)
            return
        }
        let acquirer = AcquireViewModel(scanner: environment.documentScanner)
        acquirer.onSheet = { [weak self] file in self?.importer.start([file]) }
        acquirer.onFinished = { [weak self] in
            self?.acquirer = nil
            self?.navigator.closeAcquire()
        }
        self.acquirer = acquirer
        navigator.showAcquire(acquirer)
        acquirer.load()
    }

    private var receipts: ReceiptsCoordinator? { children[.receipts] as? ReceiptsCoordinator }

    /// Scanned receipts go to review; the list shows whatever got saved.
    private func imported(_ items: [ReviewItem]) {
        review(items)
    }

    private func finishPendingWork() {
        receipts?.viewModel.commitPendingDeletion()
    }

    /// Starts reviewing receipts (an import, or one receipt from the list); while a
    /// batch is under way, more receipts join it.
    public func review(_ items: [ReviewItem]) {
        guard !items.isEmpty else { return }
        if let review {
            if !review.append(items) { waitingForReview += items }
            return
        }
        let coordinator = ReviewCoordinator(items: items, environment: environment, navigator: navigator)
        coordinator.delegate = self
        review = coordinator
        coordinator.start()
    }

    /// Opens a saved receipt in the review screen, with its stored image.
    public func reopen(receiptId: String) {
        guard review == nil, let payload = try? environment.receipts.receipt(id: receiptId) else { return }
        let imagePath = try? payload.imageSha256.flatMap { try environment.images.path(forHash: $0) }
        // A service's reading that differs from the receipt waits here for the person to take or leave.
        let job = environment.analysis?.job(forReceipt: receiptId)
        let remote = job?.state == .done ? job?.remoteResult : nil
        review([ReviewItem(payload: payload, imagePath: imagePath, remote: remote)])
    }

    public func didFinish(from coordinator: Coordinator) {
        guard coordinator === review else { return }
        review = nil
        // Saved receipts change every section's figures.
        for child in children.values { (child as? SectionCoordinator)?.refresh() }
        let waiting = waitingForReview
        waitingForReview = []
        review(waiting)
    }

    /// A clicked bar or slice lists its receipts.
    public func analyticsCoordinator(_ coordinator: AnalyticsCoordinator, showReceipts filter: ReceiptFilter) {
        receipts?.viewModel.show(filter)
        viewModel.select(.receipts)
    }
}
