import Foundation
import Observation
import PlutaryCore

/// The app's analysis queue: started at app start, stopped on quit, with the
/// intents the receipts list uses ("Send to analysis", "Retry") and each
/// receipt's latest job for its progress column. The queue itself runs off
/// the main actor; its events come back here.
@MainActor
@Observable
public final class AnalysisCenter {
    /// The newest job of each receipt, by receipt id.
    public private(set) var jobsByReceipt: [String: AnalysisJob] = [:]
    /// How much of each running upload has been sent (0…1), by receipt id.
    public private(set) var uploadProgress: [String: Double] = [:]
    /// Set when the queue stopped for a token (missing or refused).
    public private(set) var needsToken: String?
    public private(set) var errorMessage: String?

    @ObservationIgnored public nonisolated let queue: AnalysisQueue
    @ObservationIgnored private let jobs: AnalysisJobRepository
    @ObservationIgnored private let preferences: any PreferenceStore
    @ObservationIgnored private let settings: SettingsBox
    @ObservationIgnored private let images: ImageLibrary
    @ObservationIgnored private let uploadPreview = LatestLoad()
    @ObservationIgnored private let prepareImage: @Sendable (_ path: String) async throws -> PreparedUpload
    @ObservationIgnored private let refreshes = LatestLoad()
    /// Sends and retries being written, by the order they started.
    @ObservationIgnored private var writes: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextWrite = 0
    /// Jobs that events changed while a refresh read: newer than what it read.
    @ObservationIgnored private var changedDuringRefresh: [String: AnalysisJob]?

    /// `prepareImage` turns a stored image file into the JPEG to send (PlutaryOCR's encoder in the app,
    /// which encodes on a worker thread).
    public init(environment: AppEnvironment, clock: any AnalysisClock = SystemAnalysisClock(),
                prepareImage: @escaping @Sendable (_ path: String) async throws -> PreparedUpload) {
        self.prepareImage = prepareImage
        jobs = environment.analysisJobs
        preferences = environment.preferences
        let settings = SettingsBox()
        self.settings = settings
        let tokens = environment.tokens
        let images = environment.images
        self.images = images
        var onEvent: @Sendable (AnalysisQueueEvent) -> Void = { _ in }
        let relay = EventRelay()
        onEvent = { event in relay.send(event) }
        queue = AnalysisQueue(
            jobs: jobs, policy: RetryPolicy(maxAttempts: environment.preferences.int(.analysisMaxAttempts)),
            concurrency: environment.preferences.int(.analysisConcurrency), clock: clock,
            makeProvider: { () throws(AnalysisError) in
                let configuration = settings.value
                guard configuration.provider != .none else { throw .notConfigured(reason: "no analysis provider is configured") }
                let token: String?
                do { token = try await tokens.token(for: configuration.account) } catch {
                    throw .notConfigured(reason: error.localizedDescription)
                }
                guard let token else { throw .missingToken }
                do { return try configuration.makeProvider(token: token) } catch let error as AnalysisError { throw error } catch {
                    throw .notConfigured(reason: error.localizedDescription)
                }
            },
            readImage: AnalysisQueue.imageReader(from: images) { try await prepareImage($0).jpeg },
            onEvent: onEvent)
        relay.target = self
        reloadSettings()
    }

    /// Starts working the queue (interrupted uploads resume).
    public func start() {
        refresh()
        Task { await queue.start() }
    }

    /// Stops uploads; they resume next start.
    public func stop() async {
        await queue.stop()
    }

    /// Settings changed: the next upload uses them, and a paused queue tries again.
    public func reloadSettings() {
        settings.value = AnalysisConfiguration(
            provider: AnalysisProviderKind(rawValue: preferences.string(.analysisProvider)) ?? .none,
            baseURL: preferences.string(.analysisBaseURL), model: preferences.string(.analysisModel))
        let (attempts, concurrency) = (preferences.int(.analysisMaxAttempts), preferences.int(.analysisConcurrency))
        needsToken = nil
        Task {
            await queue.configure(maxAttempts: attempts, concurrency: concurrency)
            await queue.resume()
        }
    }

    public var isConfigured: Bool { settings.value.provider != .none && !settings.value.baseURL.isEmpty }

    /// "Send to analysis" for one or many receipts: the jobs are written off the main actor,
    /// then the list reads them and the queue wakes.
    public func send(receiptIds: [String]) {
        guard isConfigured else {
            errorMessage = tr("Choose an analysis service in Settings first.")
            return
        }
        let jobs = self.jobs, provider = settings.value.provider.rawValue
        write({ try await jobs.enqueue(receiptIds: receiptIds, provider: provider, now: Date()) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let outcome):
                // Receipts typed in by hand have no image, and the services read images.
                errorMessage = outcome.skipped.isEmpty ? nil : String(
                    format: trn("%d receipt has no image to send.", "%d receipts have no image to send.", outcome.skipped.count),
                    outcome.skipped.count)
            case .failure(let error):
                errorMessage = error.localizedDescription
            }
            refresh()
            Task { await queue.wake() }
        }
    }

    /// "Retry" on a failed job, written off the main actor.
    public func retry(jobId: String) {
        let jobs = self.jobs
        write({ try await jobs.retry(jobId: jobId, now: Date()) }) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { errorMessage = error.localizedDescription }
            refresh()
            Task { await queue.wake() }
        }
    }

    /// Runs a write off the main actor through a LatestLoad of its own, so a second send or
    /// retry never cancels the first's write; `refreshed()` waits for it.
    private func write<Value: Sendable>(_ work: @escaping @Sendable @concurrent () async throws -> Value,
                                        apply: @escaping @MainActor (Result<Value, Error>) -> Void) {
        nextWrite += 1
        let key = nextWrite
        writes[key] = LatestLoad().start(work) { [weak self] result in
            self?.writes[key] = nil
            apply(result)
        }
    }

    /// A new receipt was saved: queue it when "analyse automatically" is on.
    public func receiptAdded(_ receiptId: String) {
        guard preferences.bool(.analysisAuto), isConfigured else { return }
        send(receiptIds: [receiptId])
    }

    /// What the latest receipt's image becomes before upload, and the stored file's size;
    /// nil without receipt images, a failure when that image cannot be prepared. Encodes off the main actor.
    public func latestUploadPreview() async -> Result<(upload: PreparedUpload, storedBytes: Int), Error>? {
        let (images, prepareImage) = (self.images, self.prepareImage)
        let outcome = await uploadPreview.run { () async throws -> (upload: PreparedUpload, storedBytes: Int)? in
            guard let latest = try await images.latestReceiptImage() else { return nil }
            return (try await prepareImage(latest.path), latest.byteSize)
        }
        switch outcome {
        case .success(let preview?)?: return .success(preview)
        case .failure(let error)?: return .failure(error)
        case nil, .success(nil)?: return nil
        }
    }

    public func job(forReceipt id: String) -> AnalysisJob? { jobsByReceipt[id] }

    /// Reads every receipt's latest job off the main actor (all jobs of a large store).
    public func refresh() {
        let jobs = self.jobs
        changedDuringRefresh = [:]
        refreshes.start({ try await jobs.latestByReceipt() }) { [weak self] result in
            guard let self else { return }
            if case .success(var latest) = result {
                latest.merge(changedDuringRefresh ?? [:]) { _, changed in changed }
                jobsByReceipt = latest
            }
            changedDuringRefresh = nil
        }
    }

    /// Returns once every send and retry, and the newest refresh, have been applied.
    public func refreshed() async {
        while let (key, write) = writes.min(by: { $0.key < $1.key }) {
            await write.value
            writes[key] = nil
        }
        await refreshes.finish()
    }

    func handle(_ event: AnalysisQueueEvent) {
        switch event {
        case .job(let job):
            guard let receipt = job.receiptId else { return }
            jobsByReceipt[receipt] = job
            changedDuringRefresh?[receipt] = job
            if job.state != .uploading { uploadProgress[receipt] = nil }
        case .progress(_, let receipt, let sent, let total):
            // Only while its job is uploading: a late report must not outlive the job.
            guard let receipt, total > 0, jobsByReceipt[receipt]?.state == .uploading else { return }
            uploadProgress[receipt] = min(1, Double(sent) / Double(total))
        case .needsToken(let reason):
            needsToken = reason
        case .idle:
            break
        }
    }
}

/// The configuration the queue's provider factory reads off the main actor.
private final class SettingsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = AnalysisConfiguration(provider: .none, baseURL: "")
    var value: AnalysisConfiguration {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Carries queue events to the main actor, in order.
private final class EventRelay: @unchecked Sendable {
    @MainActor weak var target: AnalysisCenter?
    private let continuation: AsyncStream<AnalysisQueueEvent>.Continuation

    init() {
        let (stream, continuation) = AsyncStream<AnalysisQueueEvent>.makeStream()
        self.continuation = continuation
        Task { @MainActor [weak self] in
            for await event in stream { self?.target?.handle(event) }
        }
    }

    func send(_ event: AnalysisQueueEvent) { continuation.yield(event) }
}
