import ArgumentParser
import Foundation
import GtkKit
import PlutaryApp
import PlutaryCore
import PlutaryOCR

/// `plutary scan`: local OCR and parsing of receipt images, in bulk.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read receipt images and PDFs (their text layer, or OCR) and print what was found.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON Lines, one object per file, in input order.")
    var json = false

    @OptionGroup var ocr: OCRArguments

    @Option(help: "Images to read at once (default: all cores).")
    var jobs = UsableCores.count

    @Flag(help: "Store the results (and the images) in the database.")
    var save = false

    @Argument(help: "Receipt images (JPEG, PNG, TIFF, WebP, BMP, PNM) or PDFs.")
    var files: [String]

    func validate() throws {
        guard jobs > 0 else { throw ValidationError("--jobs must be at least 1.") }
        guard !files.isEmpty else { throw ValidationError("Name at least one image to scan.") }
    }

    func run() throws {
        let pipeline = try ocr.pipeline(engines: min(jobs, files.count))
        let reporter = try ScanReporter(output: ReceiptOutput(json: json), saver: save ? ScanSaver(database: global.openDatabase()) : nil)
        reporter.output.header()
        defer { LocalFile.removeCopies() }
        let urls = try RawFileArguments.readableURLs(for: files)
        ReceiptScanner(pipeline: pipeline).scanAll(urls, jobs: jobs) { index, result in
            reporter.report(result, source: files[index], image: urls[index])
        }
        if reporter.failed.value > 0 { throw ExitCode(1) }
    }
}
