import Foundation
import PlutaryCore

/// One scan's sheets (or a pasted image), in a temporary folder that is the owner's alone (0700:
/// receipts are private, and /tmp is everyone's). Each sheet's file goes once the import is done
/// with it, the folder once the scan has ended and every sheet it handed out is done with. Held
/// by the scan and by each sheet's import, not by the dialog, which may close mid-scan.
@MainActor
final class ScanFolder {
    let url: URL
    private var scanning = true
    /// Sheets handed to the import and not yet given back.
    private var outstanding = 0
    /// The removals so far, one after another: a file's unlink racing the folder's removal could leave the folder.
    private var removal: Task<Void, Never>?

    /// `name` begins the folder's name in the temporary folder.
    init(name: String = "plutary-acquire") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// Makes the folder, on a worker thread like the rest of the app's file work.
    func create() async throws {
        let url = self.url
        try await WorkerThread.run { try PrivateFile.createFolder(url) }
    }

    /// Writes `data` into the folder as the owner's alone, on a worker thread; returns its file.
    func write(_ data: Data, named name: String) async throws -> URL {
        let file = url.appendingPathComponent(name)
        try await WorkerThread.run {
            guard PrivateFile.create(file.path) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
        }
        return file
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
