import CSANE
import Foundation
import PlutaryCore
import Synchronization

/// Document scanners through SANE, loaded at run time (`libsane.so.1`), so a machine
/// without SANE gets `ScannerError.unavailable` instead of a missing library at start.
public struct SANEScanner: DocumentScanning {
    private let libraryPath: String

    /// SANE keeps process-wide state and is not thread-safe: one session at a time.
    private static let session = Mutex(())

    public init(libraryPath: String = "libsane.so.1") {
        self.libraryPath = libraryPath
    }

    /// On a worker thread: SANE probes USB and the network.
    public func devices() async throws -> [ScannerDevice] {
        try await WorkerThread.run { try self.withSANE { sane in try Self.list(sane) } }
    }

    public func scan(_ request: ScanRequest, into folder: URL, events: @escaping @Sendable (ScanEvent) async -> Void) async throws {
        do {
            try await WorkerThread.run { isCancelled in
                try self.scan(request, into: folder, events: { Self.hand($0, to: events) }, isCancelled: isCancelled)
            }
        } catch is CancellationError {
            // Cancelled before the thread began: nothing was scanned, as a cancel asks.
        }
    }

    /// Hands `event` to async code and waits until it is handled, so events come in order and
    /// a cancel made while one is handled stops the scan before the next read.
    private static func hand(_ event: ScanEvent, to events: @escaping @Sendable (ScanEvent) async -> Void) {
        let handled = DispatchSemaphore(value: 0)
        Task {
            await events(event)
            handled.signal()
        }
        handled.wait()
    }

    /// Blocks until the scan is done, so it runs on a worker thread.
    private func scan(_ request: ScanRequest, into folder: URL, events: (ScanEvent) -> Void,
                      isCancelled: () -> Bool) throws {
        try PrivateFile.createFolder(folder)
        try withSANE { sane in
            let name: String
            if let device = request.device {
                name = device
            } else {
                guard let first = try Self.list(sane).first else { throw ScannerError.noScanner }
                name = first.name
            }
            let device = try SANEDevice(sane: sane, name: name)
            defer { device.close() }
            try device.configure(request)
            var sheet = 1
            repeat {
                guard let image = try device.readSheet(isCancelled: isCancelled, progress: {
                    events(.reading(sheet: sheet, fraction: $0))
                }) else {
                    // An empty feeder ends an ADF batch; only before the first sheet is it an error.
                    if sheet == 1, !isCancelled() { throw ScannerError.feederEmpty }
                    return
                }
                let file = folder.appendingPathComponent("sheet-\(sheet).png")
                try image.writePNG(to: file, resolution: device.resolution)
                events(.scanned(sheet: sheet, file: file))
                sheet += 1
            } while device.feedsSheets && !isCancelled()
        }
    }

    /// Runs `body` between sane_init and sane_exit, so each scan sees the scanners (and the
    /// configuration) of its moment.
    private func withSANE<T>(_ body: (PlutarySane) throws -> T) throws -> T {
        // Checked here: once a library is loaded, the C side does not look at the path again.
        if libraryPath.contains("/"), !FileManager.default.fileExists(atPath: libraryPath) {
            throw ScannerError.unavailable(String(format: tr("SANE is not installed (no %@)."), libraryPath))
        }
        var error = [CChar](repeating: 0, count: 512)
        guard let sane = plutary_sane_load(libraryPath, &error, error.count)?.pointee else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ScannerError.unavailable(String(format: tr("SANE is not installed (%@)."), reason))
        }
        return try Self.session.withLock { _ in
            let status = sane.initialize(nil, nil)
            guard status == SANE_STATUS_GOOD else { throw ScannerError.unavailable(Self.message(sane, status)) }
            defer { sane.exit() }
            return try body(sane)
        }
    }

    private static func list(_ sane: PlutarySane) throws -> [ScannerDevice] {
        var list: UnsafeMutablePointer<UnsafePointer<SANE_Device>?>?
        let status = sane.get_devices(&list, 0)
        guard status == SANE_STATUS_GOOD else { throw ScannerError.failed(message(sane, status)) }
        var devices: [ScannerDevice] = []
        var index = 0
        while let device = list?[index]?.pointee {
            devices.append(ScannerDevice(name: string(device.name), vendor: string(device.vendor), model: string(device.model)))
            index += 1
        }
        return devices
    }

    static func message(_ sane: PlutarySane, _ status: SANE_Status) -> String {
        string(sane.strstatus(status))
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
