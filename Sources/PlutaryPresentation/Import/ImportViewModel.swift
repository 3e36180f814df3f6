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
    /// The files no worker has taken yet, in input order, each with what to call once the import is done with it.
    @ObservationIgnored private var pending: [(id: Int, url: URL, done: @MainActor (URL) -> Void)] = []
    /// The workers, each reading one file after another; kept so that cancelling reaches them.
    @ObservationIgnored private var workers: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var lastWorker = 0
    @ObservationIgnored private var results: [Int: ReviewItem] = [:]

    public init(scanner: any ReceiptScanning, images: ImageLibrary) {
        self.scanner = scanner
        self.images = images
    }

    /// The import goes with its view model: its workers stop before their next file.
    isolated deinit {
        for worker in workers.values { worker.cancel() }
        for file in pending { file.done(file.url) }
    }

    public var doneCount: Int { files.filter { $0.state.isFinished }.count }
    public var progress: Double { files.isEmpty ? 0 : Double(doneCount) / Double(files.count) }

    public var progressText: String {
        String(format: tr("%d of %d scanned"), doneCount, files.count)
    }

    public var failedCount: Int {
        files.filter { if case .failed = $0.state { true } else { false } }.count
    }

    /// Queues `urls`; non-images are refused with a message naming them. `done` is called with
    /// each file once the import no longer reads it: copied into the store and read, failed,
    /// cancelled or refused; never while an in-memory store keeps the file itself as the image.
    public func start(_ urls: [URL], then done: @escaping @MainActor (URL) -> Void = { _ in }) {
        var accepted: [URL] = []
        var refused: [URL] = []
        for url in urls {
            if ImageFileType.sniff(fileAt: url) != nil { accepted.append(url) } else { refused.append(url) }
        }
        refusedMessage = refused.isEmpty ? nil : String(
            format: trn("Not an image or PDF, not imported: %@", "Not images or PDFs, not imported: %@", refused.count),
            refused.map(\.lastPathComponent).joined(separator: ", "))
        for url in refused { done(url) }
        guard !accepted.isEmpty else { return }
        if !isRunning {
            files.removeAll()
            results.removeAll()
        }
        let firstId = files.count
        let added = accepted.enumerated().map { ImportFile(id: firstId + $0.offset, url: $0.element, state: .queued) }
        files += added
        pending += added.map { ($0.id, $0.url, done) }
        isRunning = true
        startWorkers()
    }

    /// Stops before the next file; files being read finish, the rest are marked cancelled.
    public func cancel() {
        for file in pending { files[file.id].state = .cancelled }
        let cancelled = pending
        pending.removeAll()
        for file in cancelled { file.done(file.url) }
        for worker in workers.values { worker.cancel() }
        finishIfDrained()
    }

    /// Starts workers for the pending files, no more than `parallelism` in all: the scanner
    /// reads as many files at once as there are workers awaiting it. A cancelled worker still
    /// counts until its file is read, and files that joined meanwhile wait for it to end.
    private func startWorkers() {
        let wanted = min(scanner.parallelism, workers.count + pending.count) - workers.count
        for _ in 0..<max(0, wanted) { startWorker() }
    }

    private func startWorker() {
        lastWorker += 1
        let key = lastWorker
        let scanner = self.scanner
        let images = self.images
        // Holds the view model only between files, so its going away cancels the worker.
        workers[key] = Task { [weak self] in
            while let next = self?.takeNext() {
                let outcome = await Self.scan(next.url, scanner: scanner, images: images)
                self?.finish(next.id, outcome)
                // Read and copied (or failed): the file is the caller's again, unless an in-memory store keeps it as the image.
                if (try? outcome.get())?.imagePath != next.url.path { next.done(next.url) }
            }
            self?.workerEnded(key)
        }
    }

    /// The next file for the calling worker, marked as being read; nil once it is cancelled or none is left.
    private func takeNext() -> (id: Int, url: URL, done: @MainActor (URL) -> Void)? {
        guard !Task.isCancelled, !pending.isEmpty else { return nil }
        let next = pending.removeFirst()
        files[next.id].state = .reading
        return next
    }

    private func workerEnded(_ key: Int) {
        workers[key] = nil
        startWorkers()
        finishIfDrained()
    }

    /// Copies the image in (deduplicated by content), then reads it; both are awaited, so the
    /// main actor is free meanwhile (the scanner reads on threads of its own).
    nonisolated private static func scan(_ url: URL, scanner: any ReceiptScanning, images: ImageLibrary) async -> Result<ReviewItem, Error> {
        do {
            let stored = try await images.add(fileAt: url)
            var scanned = try await scanner.scanReceipt(fileAt: url)
            scanned.payload.imageSha256 = stored.sha256
            scanned.payload.source = url.path
            return .success(ReviewItem(payload: scanned.payload, imagePath: stored.path, words: scanned.words, paper: scanned.paper))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ id: Int, _ outcome: Result<ReviewItem, Error>) {
        switch outcome {
        case .success(let item):
            results[id] = item
            files[id].state = .parsed
        case .failure(is CancellationError):
            // Cancelled before its reading began.
            files[id].state = .cancelled
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
