import Foundation
import PlutaryCore
import PlutaryOCR
import Testing

/// The live scanner reads on threads of its own: awaited from the main actor, as the import
/// awaits it, a scan that blocks holds neither the main thread nor a thread of Swift's
/// cooperative pool (one per core, which the app's async database reads need).
@MainActor
struct LocalReceiptScannerTests {
    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func aBlockingScanHoldsNeitherTheMainThreadNorTheCooperativePool() async throws {
        let real = try #require(PPOCRTestFiles.files)
        // As many scans as the pool has threads, so that had they blocked it, nothing else would run on it.
        // Each scanner's detection model is a named pipe no one writes to: building its engines,
        // the scan blocks opening it, as it blocks for seconds reading a receipt.
        var pipes: [URL] = []
        var folders: [URL] = []
        // Also when a step throws.
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        var scans: [Task<Void, Never>] = []
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            let folder = try ReceiptImageFactory.makeTemporaryFolder()
            folders.append(folder)
            for name in [PPOCRFiles.classifierModel, PPOCRFiles.recognitionModel] {
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name),
                                                           withDestinationURL: URL(fileURLWithPath: real.modelDirectory).appendingPathComponent(name))
            }
            let pipe = folder.appendingPathComponent(PPOCRFiles.detectionModel)
            #expect(mkfifo(pipe.path, 0o600) == 0)
            pipes.append(pipe)
            let scanner = LocalReceiptScanner(languages: ["eng"], engine: .ppocr,
                                              ppocrFiles: PPOCRFiles(library: real.library, modelDirectory: folder.path))
            scans.append(Task { _ = try? await scanner.scanReceipt(fileAt: folder.appendingPathComponent("receipt.png")) })
        }
        let done = CancelFlag()
        let (blocked, mainRan, poolRan) = await withCheckedContinuation { continuation in
            // Watched from a thread of its own, so its waits take neither of the threads it checks.
            Thread.detachNewThread { [pipes] in
                continuation.resume(returning: Self.whileBlocked())
                // Then the scans go, each as it comes to its pipe: it reads an empty model, PP-OCR
                // cannot load, and Tesseract finds no image.
                while !done.isCancelled {
                    for pipe in pipes {
                        let fd = open(pipe.path, O_WRONLY | O_NONBLOCK)
                        if fd >= 0 { close(fd) }
                    }
                    usleep(10_000)
                }
            }
        }
        #expect(blocked, "a scan blocked opening its model")
        #expect(mainRan, "the main actor ran a job while the scans were blocked")
        #expect(poolRan, "the cooperative pool ran a job while the scans were blocked")
        for scan in scans { await scan.value }
        done.cancel()
    }

    /// Whether a scan came to wait in its pipe's open for a writer (the others wait for it to
    /// load theirs); then, whether the main actor and the cooperative pool each still run a job.
    nonisolated private static func whileBlocked() -> (Bool, Bool, Bool) {
        // Building a scanner's engines takes a while on a loaded machine before it comes to the pipe.
        let deadline = Date().addingTimeInterval(60)
        while waitingForAWriter() == 0, Date() < deadline { usleep(10_000) }
        let blocked = waitingForAWriter() > 0
        // Long enough for the other scans, started with it, to be blocked too.
        usleep(200_000)
        let main = DispatchSemaphore(value: 0), pool = DispatchSemaphore(value: 0)
        Task { @MainActor in main.signal() }
        Task.detached { pool.signal() }
        return (blocked, main.wait(timeout: .now() + 10) == .success, pool.wait(timeout: .now() + 10) == .success)
    }

    /// The threads of this process blocked opening a named pipe, waiting for its other end.
    nonisolated private static func waitingForAWriter() -> Int {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return threads.filter { thread in
            (try? String(contentsOfFile: "/proc/self/task/\(thread)/wchan", encoding: .utf8)) == "wait_for_partner"
        }.count
    }
}
