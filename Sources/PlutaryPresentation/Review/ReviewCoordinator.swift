import Foundation
import PlutaryCore

/// The review flow: a batch of receipts shown one after another (save and
/// next, skip, or discard the rest), or one saved receipt reopened for editing.
/// It reports to its parent when the last receipt is done.
@MainActor
public final class ReviewCoordinator: Coordinator {
    public weak var delegate: CoordinatorDelegate?
    public let mode: ReviewMode
    public private(set) var items: [ReviewItem]
    public private(set) var index = 0
    public private(set) var current: ReviewViewModel?
    public private(set) var savedIds: [String] = []
    public private(set) var skippedCount = 0
    public private(set) var isFinished = false
    private let environment: AppEnvironment
    private let navigator: MainNavigating
    private let rereads = LatestLoad()

    public init(items: [ReviewItem], environment: AppEnvironment, navigator: MainNavigating) {
        self.items = items
        self.environment = environment
        self.navigator = navigator
        mode = items.count == 1 && items[0].isSaved ? .editing : .batch
    }

    public func start() {
        showCurrent()
    }

    /// More receipts for a batch under way (a second import while reviewing);
    /// false when this flow cannot take them (it edits one saved receipt, or is over).
    @discardableResult
    public func append(_ more: [ReviewItem]) -> Bool {
        guard !isFinished, mode == .batch else { return false }
        items.append(contentsOf: more)
        current?.count = items.count
        return true
    }

    private func showCurrent() {
        guard items.indices.contains(index) else { return finish() }
        let viewModel = ReviewViewModel(item: items[index], mode: mode, position: index + 1, count: items.count,
                                        store: environment.receipts)
        viewModel.onRoute = { [weak self, weak viewModel] route in
            guard let self, let viewModel, viewModel === self.current else { return }
            self.handle(route)
        }
        current = viewModel
        navigator.showReview(viewModel)
    }

    func handle(_ route: ReviewRoute) {
        switch route {
        case .saved(let id):
            savedIds.append(id)
            // A new receipt goes to remote analysis when the person asked for that for every new one.
            if mode == .batch { environment.analysis?.receiptAdded(id) }
            index += 1
            showCurrent()
        case .skipped:
            skippedCount += 1
            index += 1
            showCurrent()
        case .discarded:
            finish()
        case .turned(let quarterTurns):
            let images = environment.images
            reread { item, path, scanner in
                try await Self.turnAndRead(item, path: path, quarterTurns: quarterTurns, scanner: scanner, images: images)
            }
        case .repapered(let corners):
            reread { item, path, scanner in
                var scanned = try await scanner.scanReceipt(fileAt: URL(fileURLWithPath: path), paper: corners)
                scanned.paper = scanned.paper ?? corners
                return item.reread(as: scanned, imagePath: path, imageSha256: item.payload.imageSha256)
            }
        }
    }

    /// Reads the current receipt again off the main actor (its image turned, or its paper's
    /// corners moved); the new reading replaces the receipt in the review.
    private func reread(_ read: @escaping @Sendable (ReviewItem, String, any ReceiptScanning) async throws -> ReviewItem) {
        guard let viewModel = current, let path = items[index].imagePath else { return }
        let item = items[index], scanner = environment.scanner
        rereads.start({ try await read(item, path, scanner) }) { [weak self] outcome in
            guard let self, viewModel === self.current else { return }
            switch outcome {
            case .success(let turned):
                self.items[self.index] = turned
                self.showCurrent()
            case .failure(let error):
                viewModel.rereadFailed(error.localizedDescription)
            }
        }
    }

    nonisolated private static func turnAndRead(_ item: ReviewItem, path: String, quarterTurns: Int,
                                                scanner: any ReceiptScanning, images: ImageLibrary) async throws -> ReviewItem {
        let turned = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-turned-\(UUID().uuidString).png")
        var kept = false
        // Also when turning or storing failed: a receipt's image must not stay in /tmp.
        defer { if !kept { try? FileManager.default.removeItem(at: turned) } }
        try await scanner.writeTurnedImage(URL(fileURLWithPath: path), quarterTurns: quarterTurns, to: turned)
        let stored = try await images.add(fileAt: turned)
        // The library keeps a copy; an in-memory store keeps the file itself.
        kept = stored.path == turned.path
        let scanned = try await scanner.scanReceipt(fileAt: URL(fileURLWithPath: stored.path))
        return item.reread(as: scanned, imagePath: stored.path, imageSha256: stored.sha256)
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        current = nil
        navigator.closeReview()
        delegate?.didFinish(from: self)
    }
}
