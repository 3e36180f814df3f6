import Foundation
import PlutaryCore

/// The main window's flow: one child coordinator per section, and the
/// window-level routes (sections, shortcuts, close, quit).
@MainActor
public final class MainCoordinator: Coordinator, CoordinatorDelegate, AnalyticsCoordinatorDelegate {
    public weak var delegate: CoordinatorDelegate?
    public let viewModel: MainViewModel
    public let importer: ImportViewModel
    public private(set) var children: [AppSection: Coordinator] = [:]
    /// The sections shown so far, whose coordinators have started (`startSection`).
    public private(set) var startedSections: Set<AppSection> = []
    public private(set) var review: ReviewCoordinator?
    /// The Scan from Scanner… dialog's model while it is open.
    public private(set) var acquirer: AcquireViewModel?
    /// Receipts that arrived while one saved receipt was being edited; reviewed next.
    public private(set) var waitingForReview: [ReviewItem] = []
    private let environment: AppEnvironment
    private let navigator: MainNavigating
    private let opening = LatestLoad()

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
        (children[.receipts] as? ReceiptsCoordinator)?.viewModel.onOpen = { [weak self] id in self?.reopen(receiptId: id) }
        startSection(viewModel.selectedSection)
        navigator.showSection(viewModel.selectedSection)
    }

    /// A section builds its screen and reads its data when it is first shown, not all four at
    /// start-up: on 100 000 receipts, reading Products' and Analytics' data took two cores'
    /// time from the window's first frame, and GTK built their hidden lists' rows.
    private func startSection(_ section: AppSection) {
        guard !startedSections.contains(section) else { return }
        startedSections.insert(section)
        children[section]?.start()
    }

    public func handle(_ route: MainRoute) {
        switch route {
        case .section(let section):
            if startedSections.contains(section) {
                (children[section] as? SectionCoordinator)?.refresh()
            } else {
                startSection(section)
            }
            navigator.showSection(section)
        case .shortcuts:
            navigator.showShortcuts()
        case .closeWindow:
            navigator.closeMainWindow()
        case .quit:
            let finish: @MainActor () -> Void = { [weak self] in
                guard let self else { return }
                delegate?.didFinish(from: self)
            }
            if !finishPendingWork(then: finish) { finish() }
        case .importFiles(let urls):
            importer.start(urls)
        case .importImage(let png):
            importPasted(png)
        case .acquire:
            acquire()
        case .windowClosing:
            // The window stays while deletions are written, and is closed again then.
            finishPendingWork { [weak self] in self?.navigator.closeMainWindow() }
        }
    }

    /// Each scanned sheet joins the import as it arrives, so the first is in review while the feeder runs.
    private func acquire() {
        if let acquirer {
            navigator.showAcquire(acquirer)
            return
        }
        let acquirer = AcquireViewModel(scanner: environment.documentScanner)
        acquirer.onSheet = { [weak self] file, done in
            guard let self else { return done(file) }
            importer.start([file], then: done)
        }
        acquirer.onFinished = { [weak self] in
            self?.acquirer = nil
            self?.navigator.closeAcquire()
        }
        self.acquirer = acquirer
        navigator.showAcquire(acquirer)
        acquirer.load()
    }

    /// A pasted image is kept as a scanned sheet is: in a folder of its own that is the owner's
    /// alone (/tmp is everyone's), written on a worker thread, and removed once the import has
    /// copied and read it (or failed, was cancelled or refused).
    private func importPasted(_ png: Data) {
        let folder = ScanFolder(name: "plutary-pasted")
        let name = "pasted-receipt-\(Int(Date().timeIntervalSince1970 * 1000)).png"
        Task { [weak self] in
            try? await folder.create()
            if let file = try? await folder.write(png, named: name), let self {
                folder.handOut()
                importer.start([file]) { folder.done(with: $0) }
            }
            folder.scanEnded()
        }
    }

    private var receipts: ReceiptsCoordinator? { children[.receipts] as? ReceiptsCoordinator }

    /// Scanned receipts go to review; the list shows whatever got saved.
    private func imported(_ items: [ReviewItem]) {
        review(items)
    }

    /// Writes the deletions still in their undo period. False when nothing is left to write;
    /// true when the store is still at it: `done` runs once it has finished, and until then
    /// the main view model says work is finishing, so the window stays.
    @discardableResult
    private func finishPendingWork(then done: @escaping @MainActor () -> Void) -> Bool {
        guard let list = receipts?.viewModel else { return false }
        list.commitPendingDeletion()
        guard list.isDeleting else { return false }
        viewModel.isFinishingWork = true
        Task { [weak self] in
            await list.deletionsWritten()
            self?.viewModel.isFinishingWork = false
            done()
        }
        return true
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

    /// Opens a saved receipt in the review screen, with its stored image, both read off the main actor.
    public func reopen(receiptId: String) {
        guard review == nil else { return }
        let (receipts, images) = (environment.receipts, environment.images)
        opening.start({ () -> (ReceiptPayload, String?)? in
            guard let payload = try await receipts.receipt(id: receiptId) else { return nil }
            guard let sha = payload.imageSha256 else { return (payload, nil) }
            return (payload, try? await images.path(forHash: sha))
        }) { [weak self] result in
            guard let self, review == nil, case .success(let (payload, imagePath)?) = result else { return }
            // A service's reading that differs from the receipt waits here for the person to take or leave.
            let job = environment.analysis?.job(forReceipt: receiptId)
            let remote = job?.state == .done ? job?.remoteResult : nil
            review([ReviewItem(payload: payload, imagePath: imagePath, remote: remote)])
        }
    }

    /// Returns once the newest receipt asked for shows in the review screen (or was not found).
    public func reopened() async {
        await opening.finish()
    }

    public func didFinish(from coordinator: Coordinator) {
        guard coordinator === review else { return }
        review = nil
        // Saved receipts change every section's figures.
        for section in startedSections { (children[section] as? SectionCoordinator)?.refresh() }
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
