import Foundation

/// Works through `analysis_jobs`: at most `concurrency` uploads at once, off
/// the main actor; retries with backoff (or the server's Retry-After), fails
/// jobs retrying cannot help, and pauses when the token is missing or refused.
/// Every step is written to the store first, so a crash or quit loses nothing:
/// `start()` puts interrupted uploads back in line.
///
/// Each step reads and writes the store synchronously (one transaction, nothing
/// interleaved), so the queue runs on a dispatch queue of its own, not on Swift's
/// cooperative pool (see `DispatchQueueExecutor`).
public actor AnalysisQueue {
    private let executor = DispatchQueueExecutor(label: "plutary.analysis-queue")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Builds the configured provider, token included (called off the main actor: the keyring may block).
    public typealias ProviderFactory = @Sendable () async throws(AnalysisError) -> any AnalysisProvider
    /// The JPEG to upload for an image hash (downscaled and re-encoded); awaited, so its
    /// database read never blocks a thread of the cooperative pool.
    public typealias ImageReader = @Sendable (_ sha256: String) async throws(AnalysisError) -> Data

    private let jobs: AnalysisJobRepository
    private let makeProvider: ProviderFactory
    private let readImage: ImageReader
    private let clock: any AnalysisClock
    private let onEvent: @Sendable (AnalysisQueueEvent) -> Void
    private var policy: RetryPolicy
    private var concurrency: Int

    private var running: [String: Task<Void, Never>] = [:]
    private var timer: Task<Void, Never>?
    private var isStarted = false
    private var isStopped = false
    /// Why the queue waits for the person (token missing or refused); nil when it runs.
    public private(set) var pausedReason: String?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var reportedIdle = false

    public init(jobs: AnalysisJobRepository, policy: RetryPolicy, concurrency: Int, clock: any AnalysisClock = SystemAnalysisClock(),
                makeProvider: @escaping ProviderFactory, readImage: @escaping ImageReader,
                onEvent: @escaping @Sendable (AnalysisQueueEvent) -> Void = { _ in }) {
        self.jobs = jobs
        self.policy = policy
        self.concurrency = max(1, concurrency)
        self.clock = clock
        self.makeProvider = makeProvider
        self.readImage = readImage
        self.onEvent = onEvent
    }

    /// Resumes interrupted uploads and starts on what is due.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        isStopped = false
        _ = try? jobs.recoverInterrupted(now: clock.now(), maxAttempts: policy.maxAttempts)
        pump()
    }

    /// Stops uploading: running uploads are cancelled and their jobs go back
    /// to pending (the attempt not counted), to resume on the next start.
    public func stop() async {
        isStopped = true
        timer?.cancel()
        timer = nil
        let tasks = Array(running.values)
        tasks.forEach { $0.cancel() }
        for task in tasks { await task.value }
        isStarted = false
        resumeIdleWaiters()
    }

    public func configure(maxAttempts: Int, concurrency: Int) {
        policy.maxAttempts = max(1, maxAttempts)
        self.concurrency = max(1, concurrency)
        pump()
    }

    /// New jobs were queued: start them if there is room.
    public func wake() { pump() }

    /// The person stored a token (or fixed the URL): carry on.
    public func resume() {
        pausedReason = nil
        pump()
    }

    public var uploadingCount: Int { running.count }

    /// Returns once nothing is uploading and nothing is pending, or the queue is paused or stopped.
    public func waitUntilIdle() async {
        if isIdle { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private var isIdle: Bool {
        guard running.isEmpty else { return false }
        if isStopped || !isStarted || pausedReason != nil { return true }
        return ((try? jobs.nextDue()) ?? nil) == nil
    }

    private func pump() {
        guard isStarted, !isStopped, pausedReason == nil else { checkIdle(); return }
        let room = concurrency - running.count
        if room > 0 {
            let claimed: [AnalysisJob]
            do {
                claimed = try jobs.claimDue(now: clock.now(), limit: room)
            } catch {
                claimed = []
            }
            for job in claimed {
                onEvent(.job(job))
                let (makeProvider, readImage, onEvent) = (self.makeProvider, self.readImage, self.onEvent)
                // Kept, so stop() cancels the upload; `upload` is nonisolated, so it runs off the queue's executor.
                running[job.id] = Task {
                    let result = await AnalysisQueue.upload(job, makeProvider: makeProvider, readImage: readImage) { sent, total in
                        onEvent(.progress(jobId: job.id, receiptId: job.receiptId, sent: sent, total: total))
                    }
                    self.finish(job, result)
                }
            }
        }
        scheduleTimer()
        checkIdle()
    }

    /// Sleeps until the next pending job falls due, when there is room to start it.
    private func scheduleTimer() {
        timer?.cancel()
        timer = nil
        guard running.count < concurrency, let due = (try? jobs.nextDue()) ?? nil, due > clock.now() else { return }
        let clock = self.clock
        timer = Task {
            do { try await clock.sleep(until: due) } catch { return }
            self.timerFired()
        }
    }

    private func timerFired() {
        timer = nil
        pump()
    }

    private nonisolated static func upload(_ job: AnalysisJob, makeProvider: ProviderFactory, readImage: ImageReader,
                                           progress: @escaping HTTPClient.Progress) async -> Result<AnalysisResult, AnalysisError> {
        do throws(AnalysisError) {
            guard let sha = job.imageSha256 else { throw .unreadableImage("the receipt has no image") }
            let provider = try await makeProvider()
            let jpeg = try await readImage(sha)
            if Task.isCancelled { throw .cancelled }
            return .success(try await provider.analyze(jpeg: jpeg, localId: job.id, progress: progress))
        } catch {
            return .failure(Task.isCancelled ? .cancelled : error)
        }
    }

    private func finish(_ job: AnalysisJob, _ result: Result<AnalysisResult, AnalysisError>) {
        running[job.id] = nil
        let now = clock.now()
        var updated: AnalysisJob?
        do {
            switch result {
            case .success(let analysis):
                updated = try jobs.complete(jobId: job.id, with: analysis, now: now)
            case .failure(let error):
                updated = try record(error, for: job, now: now)
            }
        } catch {
            updated = try? jobs.fail(jobId: job.id, error: "the result could not be saved: \(error.localizedDescription)", now: now)
        }
        if let updated { onEvent(.job(updated)) }
        pump()
    }

    private func record(_ error: AnalysisError, for job: AnalysisJob, now: Date) throws -> AnalysisJob? {
        if isStopped || error == .cancelled {
            return try jobs.reschedule(jobId: job.id, error: job.lastError, at: now, countAttempt: false, now: now)
        }
        switch error.disposition {
        case .stopQueue:
            pausedReason = error.message
            onEvent(.needsToken(error.message))
            return try jobs.reschedule(jobId: job.id, error: error.message, at: now, countAttempt: false, now: now)
        case .fail:
            return try jobs.fail(jobId: job.id, error: error.message, now: now)
        case .retry(let after):
            guard job.attempts < policy.maxAttempts else {
                let message = String(format: "gave up after %d attempts: %@", job.attempts, error.message)
                return try jobs.fail(jobId: job.id, error: message, now: now)
            }
            let wait = after ?? policy.delay(afterAttempt: job.attempts)
            return try jobs.reschedule(jobId: job.id, error: error.message, at: now.addingTimeInterval(wait), countAttempt: true, now: now)
        }
    }

    private func checkIdle() {
        guard isIdle else { reportedIdle = false; return }
        resumeIdleWaiters()
        if !reportedIdle {
            reportedIdle = true
            onEvent(.idle)
        }
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        waiters.forEach { $0.resume() }
    }
}

extension AnalysisQueue {
    /// Reads a job's image from the library and makes it ready to send (`prepare`
    /// is PlutaryOCR's encoder in the app and the command line).
    public static func imageReader(from images: ImageLibrary, prepare: @escaping @Sendable (_ path: String) async throws -> Data) -> ImageReader {
        { sha async throws(AnalysisError) in
            do {
                guard let path = try await images.path(forHash: sha) else { throw AnalysisError.unreadableImage("not in the image library") }
                return try await prepare(path)
            } catch let error as AnalysisError {
                throw error
            } catch {
                throw .unreadableImage(error.localizedDescription)
            }
        }
    }
}
