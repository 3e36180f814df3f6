import ArgumentParser
import Foundation
import PlutaryCore
import PlutaryOCR

/// `plutary analyze`: sends receipt images to the remote analysis service and
/// prints what it read, in the same JSON Lines as `plutary scan`.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Send receipt images to the remote analysis service and print what it read.",
        discussion: """
            The token comes from $PLUTARY_API_TOKEN when set, else from the keyring (see `plutary token`). \
            With --queue the images are stored as receipts and go through the upload queue (retries, \
            backoff, resumable after a crash); running it again finishes what was left.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var service: ServiceOptions

    @Option(help: "Model name, for OpenAI-compatible endpoints (default: the one in Settings).")
    var model: String?

    @Flag(help: "Print JSON Lines, one object per file, in input order.")
    var json = false

    @Option(help: "Seconds one request may take.")
    var timeout: Double = 60

    @Flag(help: "Store the images as receipts and work through the analysis queue until it is done.")
    var queue = false

    @Option(name: .customLong("max-attempts"), help: "With --queue: attempts per image before giving up.")
    var maxAttempts: Int = 5

    @Option(help: "With --queue: uploads at once.")
    var concurrency: Int = 2

    @Argument(help: "Receipt images (JPEG, PNG, TIFF, WebP, BMP, PNM).")
    var files: [String] = []

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive.") }
        guard maxAttempts > 0, concurrency > 0 else { throw ValidationError("--max-attempts and --concurrency must be positive.") }
        guard queue || !files.isEmpty else { throw ValidationError("Name at least one image to analyse.") }
    }

    func run() throws {
        let configuration = try service.configuration(model: model, timeout: timeout)
        let token = TokenSource.token(for: configuration.account)
        let provider: any AnalysisProvider
        do {
            provider = try configuration.makeProvider(token: token)
        } catch {
            throw ValidationError(error.localizedDescription)
        }
        let output = ReceiptOutput(json: json)
        output.header()
        let failed = queue ? try runQueue(configuration: configuration, provider: provider, output: output)
                           : runDirect(provider: provider, output: output)
        if failed { throw ExitCode(1) }
    }

    /// Each file straight to the service, one after the other, printed in input order.
    private func runDirect(provider: any AnalysisProvider, output: ReceiptOutput) -> Bool {
        let encoder = UploadImageEncoder()
        var failed = false
        for file in files {
            let result: Result<ReceiptPayload, Error> = AsyncRunner.run {
                do {
                    let image = try await encoder.encode(fileAt: URL(fileURLWithPath: file))
                    var payload = try await provider.analyze(jpeg: image.jpeg, localId: UUID().uuidString.lowercased(), progress: nil).payload
                    payload.source = file
                    return .success(payload)
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let payload): output.success(payload)
            case .failure(let error):
                failed = true
                output.failure(source: file, error: error)
            }
            fflush(nil)
        }
        return failed
    }

    /// Files become receipts (once per image content) with a job each; the queue runs until nothing is left.
    private func runQueue(configuration: AnalysisConfiguration, provider: any AnalysisProvider, output: ReceiptOutput) throws -> Bool {
        let database = try global.openDatabase()
        let intake = AnalysisIntake(database: database)
        var receiptIds: [(file: String, id: String)] = []
        for file in files {
            receiptIds.append((file, try intake.receipt(forImageAt: URL(fileURLWithPath: file))))
        }
        let jobs = AnalysisJobRepository(database: database)
        let (ids, kind) = (receiptIds.map(\.id), configuration.provider.rawValue)
        _ = try AsyncRunner.runThrowing { try await jobs.enqueue(receiptIds: ids, provider: kind, now: Date(), skipAnalysed: true) }
        let images = ImageLibrary(database: database)
        let encoder = UploadImageEncoder()
        let queue = AnalysisQueue(
            jobs: jobs, policy: RetryPolicy(maxAttempts: maxAttempts), concurrency: concurrency,
            makeProvider: { provider },
            readImage: AnalysisQueue.imageReader(from: images) { try await encoder.encode(fileAt: URL(fileURLWithPath: $0)).jpeg },
            onEvent: { event in
                if case .job(let job) = event {
                    let line = "job \(job.id): \(job.state.rawValue) (attempt \(job.attempts))" + (job.lastError.map { ": \($0)" } ?? "")
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                } else if case .needsToken(let reason) = event {
                    FileHandle.standardError.write(Data("plutary: the queue stopped: \(reason)\n".utf8))
                }
            })
        AsyncRunner.run {
            await queue.start()
            await queue.waitUntilIdle()
            await queue.stop()
        }
        let latest = try AsyncRunner.runThrowing { try await jobs.latestByReceipt() }
        let receipts = ReceiptRepository(database: database)
        var failed = false
        for (file, id) in receiptIds {
            guard let job = latest[id], job.state == .done,
                  var payload = try AsyncRunner.runThrowing({ try await receipts.receipt(id: id) }) else {
                failed = true
                let reason = latest[id].map { "\($0.state.rawValue): \($0.lastError ?? "not analysed")" } ?? "not queued"
                output.failure(source: file, error: AnalysisError.notConfigured(reason: reason))
                continue
            }
            payload.source = file
            output.success(payload)
        }
        return failed
    }
}
