import Foundation
import Observation
import PlutaryCore

/// Scan from Scanner…: lists the scanners, scans from the one picked with per-sheet
/// progress and Cancel, and hands each sheet to the import (and so to review) as soon
/// as it is scanned.
@MainActor
@Observable
public final class AcquireViewModel {
    public private(set) var devices: [ScannerDevice] = []
    public var selectedDevice = 0
    public private(set) var phase: AcquirePhase = .lookingForScanners
    public private(set) var scannedCount = 0

    /// Each scanned sheet's image file, and what to call once the import is done with it
    /// (has copied it into the store, or failed): the file is removed then.
    @ObservationIgnored var onSheet: (_ file: URL, _ done: @escaping @MainActor (URL) -> Void) -> Void = { file, done in done(file) }
    /// The dialog is done: closed, or its scan finished.
    @ObservationIgnored var onFinished: () -> Void = {}

    @ObservationIgnored private let scanner: (any DocumentScanning)?
    /// The listing or the scan under way; cancelling it reaches the scanner.
    @ObservationIgnored private var work: Task<Void, Never>?

    /// `scanner` nil: this build or environment cannot scan at all.
    public init(scanner: (any DocumentScanning)?) {
        self.scanner = scanner
    }

    /// A scan under way stops with the view model.
    isolated deinit {
        work?.cancel()
    }

    public var isScanning: Bool { if case .scanning = phase { true } else { false } }
    public var canScan: Bool { !devices.isEmpty && !isScanning }

    /// "Scanning sheet 2… 40 %", or why there is nothing to scan with.
    public var statusText: String {
        switch phase {
        case .lookingForScanners: tr("Looking for scanners…")
        case .ready: scannedCount == 0 ? "" : String(format: trn("%d sheet scanned", "%d sheets scanned", scannedCount), scannedCount)
        case .unavailable(let message), .failed(let message): message
        case .scanning(let sheet, let fraction): String(format: tr("Scanning sheet %d… %d %%"), sheet, Int(fraction * 100))
        }
    }

    public var progress: Double { if case .scanning(_, let fraction) = phase { fraction } else { 0 } }

    /// Lists the scanners (SANE probes USB and the network; the scanner does that off the main actor).
    public func load() {
        guard let scanner else {
            phase = .unavailable(ScannerError.unavailable(tr("Plutary was built without scanner support.")).localizedDescription)
            return
        }
        phase = .lookingForScanners
        work?.cancel()
        work = Task { [weak self] in
            let outcome: Result<[ScannerDevice], Error>
            do { outcome = .success(try await scanner.devices()) } catch { outcome = .failure(error) }
            guard !Task.isCancelled else { return }
            self?.listed(outcome)
        }
    }

    private func listed(_ outcome: Result<[ScannerDevice], Error>) {
        switch outcome {
        case .success(let found):
            devices = found
            selectedDevice = 0
            phase = found.isEmpty ? .unavailable(ScannerError.noScanner.localizedDescription) : .ready
        case .failure(let error):
            phase = .unavailable(Self.reason(error))
        }
    }

    /// Scans from the selected scanner in grey at the default resolution, from its own source.
    public func scan() {
        guard canScan, let scanner, devices.indices.contains(selectedDevice) else { return }
        let request = ScanRequest(device: devices[selectedDevice].name)
        scannedCount = 0
        phase = .scanning(sheet: 1, fraction: 0)
        let folder = ScanFolder()
        work = Task { [weak self] in
            let outcome: Result<Void, Error>
            do {
                try await folder.create()
                try await scanner.scan(request, into: folder.url) { [weak self] event in await self?.received(event, in: folder) }
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            // Whether or not the dialog is still there.
            folder.scanEnded()
            self?.ended(outcome, cancelled: Task.isCancelled)
        }
    }

    /// Stops within one read; the sheets already scanned are still imported.
    public func cancel() {
        guard isScanning else { return }
        work?.cancel()
    }

    /// The dialog goes away: a running scan (or the listing) stops.
    public func close() {
        work?.cancel()
        onFinished()
    }

    private func received(_ event: ScanEvent, in folder: ScanFolder) {
        switch event {
        case .reading(let sheet, let fraction):
            guard isScanning else { return }
            phase = .scanning(sheet: sheet, fraction: fraction)
        case .scanned(_, let file):
            scannedCount += 1
            folder.handOut()
            onSheet(file) { folder.done(with: $0) }
        }
    }

    private func ended(_ outcome: Result<Void, Error>, cancelled: Bool) {
        work = nil
        switch outcome {
        case .success:
            phase = .ready
            // Done scanning: the sheets are in the import, the dialog has nothing more to do.
            if !cancelled, scannedCount > 0 { onFinished() }
        case .failure(let error):
            phase = .failed(Self.reason(error))
        }
    }

    nonisolated private static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
