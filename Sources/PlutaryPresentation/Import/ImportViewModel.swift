import Foundation
import Observation
import PlutaryCore

/// Scanning dropped, opened or pasted images in the background. Files that are
/// not images are refused up front (named in a message); the rest are copied
/// into the data folder, read by the receipt engine on all cores, and handed to
/// review in the order they were given. More files can join a running import.
@MainActor
@Observable
public final class ImportViewModel {
    public private(set) var files: [ImportFile] = []
    /// Names the files that were not images, until the next import starts.
    public private(set) var refusedMessage: String?
    public private(set) var isRunning = false

    /// Called once the queue has drained, with the scanned receipts in input order.
    @ObservationIgnored var onFinished: ([ReviewItem]) -> Void = { _ in }

    @ObservationIgnored private let scanner: any ReceiptScanning
    @ObservationIgnored private let images: ImageLibrary
    @ObservationIgnored private let queue = ImportQueue()
    @ObservationIgnored private var results: [Int: ReviewItem] = [:]

    public init(scanner: any ReceiptScanning, images: ImageLibrary) {
        self.scanner = scanner
        self.images = images
    }

    public var doneCount: Int { files.filter { $0.state.isFinished }.count }
    public var progress: Double { files.isEmpty ? 0 : Double(doneCount) / Double(files.count) }

    public var progressText: String {
        String(format: tr("%d of %d scanned"), doneCount, files.count)
    }

    public var failedCount: Int {
        files.filter { if case .failed = $0.state { true } else { false } }.count
    }

    /// Queues `urls`; non-images are refused with a message naming them.
    public func start(_ urls: [URL]) {
        var accepted: [URL] = []
        var refused: [String] = []
        for url in urls {
            if ImageFileType.sniff(fileAt: url) != nil { accepted.append(url) } else { refused.append(url.lastPathComponent) }
        }
        refusedMessage = refused.isEmpty ? nil : String(
            format: trn("Not an image or PDF, not imported: %@", "Not images or PDFs, not imported: %@", refused.count),
            refused.joined(separator: ", "))
        guard !accepted.isEmpty else { return }
        if !isRunning {
            files.removeAll()
            results.removeAll()
        }
        let firstId = files.count
        let added = accepted.enumerated().map { ImportFile(id: firstId + $0.offset, url: $0.element, state: .queued) }
        files += added
        isRunning = true
        let workersToStart = queue.add(added.map { ($0.id, $0.url) }, parallelism: scanner.parallelism)
        for _ in 0..<workersToStart { startWorker() }
    }

    /// Stops before the next file; files being read finish, the rest are marked cancelled.
    public func cancel() {
        for id in queue.cancel() { files[id].state = .cancelled }
        finishIfDrained()
    }

    private func startWorker() {
        let scanner = self.scanner
        let images = self.images
        let queue = self.queue
        // Threads of our own, not the shared pool: they run at a lower priority and end with the queue.
        let worker = Thread { [weak self] in
            ThreadPriority.lowerCurrentThread()
            while let (id, url) = queue.next() {
                DispatchQueue.main.async { self?.update(id, .reading) }
                let outcome = Result { try Self.scan(url, scanner: scanner, images: images) }
                DispatchQueue.main.async { self?.finish(id, outcome) }
            }
            DispatchQueue.main.async { self?.finishIfDrained() }
        }
        worker.name = "plutary-import"
        worker.start()
    }

    /// Off the main thread: copy the image in (deduplicated by content), then read it.
    nonisolated private static func scan(_ url: URL, scanner: any ReceiptScanning, images: ImageLibrary) throws -> ReviewItem {
        let stored = try images.add(fileAt: url)
        var scanned = try scanner.scanReceipt(fileAt: url)
        scanned.payload.imageSha256 = stored.sha256
        scanned.payload.source = url.path
        return ReviewItem(payload: scanned.payload, imagePath: stored.path, words: scanned.words, paper: scanned.paper)
    }

    private func update(_ id: Int, _ state: ImportState) {
        guard files.indices.contains(id), !files[id].state.isFinished else { return }
        files[id].state = state
    }

    private func finish(_ id: Int, _ outcome: Result<ReviewItem, Error>) {
        switch outcome {
        case .success(let item):
            results[id] = item
            files[id].state = .parsed
        case .failure(let error):
            files[id].state = .failed(Self.reason(error))
        }
    }

    private func finishIfDrained() {
        guard isRunning, files.allSatisfy({ $0.state.isFinished }) else { return }
        isRunning = false
        let items = files.compactMap { results[$0.id] }
        results.removeAll()
        onFinished(items)
    }

    nonisolated private static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
