import ArgumentParser
import Foundation
import PlutaryCore
import PlutaryOCR

/// `plutary acquire`: scan sheets from a document scanner (SANE) and read each like `plutary scan`.
struct AcquireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acquire",
        abstract: "Scan receipts from a document scanner and print what was found.",
        discussion: """
            Scans in grey until the document feeder is empty (one sheet from a flatbed) and reads each \
            sheet as `plutary scan` reads an image: one line, or JSON object, per sheet, its source being \
            the device and the sheet's number (test:0#1). Exit status: 0 all read, 1 otherwise.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON Lines, one object per sheet, in the order scanned.")
    var json = false

    @OptionGroup var ocr: OCRArguments

    @Flag(help: "Store the results (and the images) in the database.")
    var save = false

    @Flag(help: "List the scanners SANE finds, one name a line, and scan nothing.")
    var list = false

    @Option(help: "The scanner, by SANE's device name (e.g. test:0; default: the first found).")
    var device: String?

    @Option(help: "Resolution in dpi (the nearest the scanner offers).")
    var resolution = ScanRequest.defaultResolution

    @Option(help: "Where the sheets come from: adf (until the feeder is empty) or flatbed (default: the scanner's own).")
    var source: ScanSource?

    func validate() throws {
        guard resolution > 0 else { throw ValidationError("--resolution must be at least 1.") }
    }

    func run() throws {
        let scanner = SANEScanner()
        do {
            if list {
                for device in try AsyncRunner.runThrowing({ try await scanner.devices() }) {
                    print("\(device.name)\t\(device.vendor) \(device.model)")
                }
                return
            }
            try acquire(with: scanner)
        } catch let error as ScannerError {
            throw CommandFailure(error)
        }
    }

    private func acquire(with scanner: SANEScanner) throws {
        // The device's name is each sheet's source, so the default one is looked up first.
        guard let name = try device ?? AsyncRunner.runThrowing({ try await scanner.devices() }).first?.name else {
            throw ScannerError.noScanner
        }
        let reader = try ReceiptScanner(pipeline: ocr.pipeline(engines: 1))
        let reporter = try ScanReporter(output: ReceiptOutput(json: json), saver: save ? ScanSaver(database: global.openDatabase()) : nil)
        reporter.output.header()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-acquire-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = ScanRequest(device: name, resolution: resolution, source: source)
        try AsyncRunner.runThrowing {
            try await scanner.scan(request, into: folder) { event in
                guard case .scanned(let sheet, let file) = event else { return }
                // Read (and saved) on a thread of its own, not Swift's pool; the scanner reads on once it is done.
                _ = try? await WorkerThread.run {
                    reporter.report(Result { try reader.scan(fileAt: file) }, source: "\(name)#\(sheet)", image: file)
                }
            }
        }
        if reporter.failed.value > 0 { throw ExitCode(1) }
    }
}
