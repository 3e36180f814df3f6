import Foundation
import PlutaryCore

/// One scan's sheets, in a temporary folder that is the owner's alone (0700: receipts are
/// private, and /tmp is everyone's). Each sheet's file goes once the import is done with it,
/// the folder once the scan has ended and every sheet it handed out is done with. Held by
/// the scan and by each sheet's import, not by the dialog, which may close mid-scan.
@MainActor
final class ScanFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-acquire-\(UUID().uuidString)")
    private var scanning = true
    /// Sheets handed to the import and not yet given back.
    private var outstanding = 0
    /// The removals so far, one after another: a file's unlink racing the folder's removal could leave the folder.
    private var removal: Task<Void, Never>?

    /// Makes the folder, on a worker thread like the rest of the app's file work.
    func create() async throws {
        let url = self.url
        try await WorkerThread.run { try PrivateFile.createFolder(url) }
    }

    /// A sheet goes to the import; `done(with:)` gives it back.
    func handOut() {
        outstanding += 1
    }

    /// The import has read (and copied) `file`, or failed or stopped.
    func done(with file: URL) {
        outstanding -= 1
        remove(scanning || outstanding > 0 ? file : url)
    }

    /// The scan is over, however it ended.
    func scanEnded() {
        scanning = false
        if outstanding == 0 { remove(url) }
    }

    private func remove(_ item: URL) {
        removal = Task { [previous = removal] in
            await previous?.value
            _ = try? await WorkerThread.run { try FileManager.default.removeItem(at: item) }
        }
    }
}
