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

    @Option(help: "OCR languages, joined by '+' (e.g. eng+chi_sim).")
    var lang = "eng"

    @Option(help: "OCR engine: auto (PP-OCR when installed), ppocr or tesseract.")
    var engine: OCREngine = .automatic

    @Flag(name: .customLong("no-preprocess"), help: "Give Tesseract the image as decoded, without Leptonica preprocessing.")
    var noPreprocess = false

    @Flag(name: .customLong("single-pass"), help: "Never read an image a second time without preprocessing when the first reading is unsure.")
    var singlePass = false

    @Flag(name: .customLong("no-find-paper"), help: "Read the whole picture, without looking for the receipt's paper in it.")
    var noFindPaper = false

    @Option(help: "Images to read at once (default: all cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Store the results (and the images) in the database.")
    var save = false

    @Argument(help: "Receipt images (JPEG, PNG, TIFF, WebP, BMP, PNM) or PDFs.")
    var files: [String]

    func validate() throws {
        guard jobs > 0 else { throw ValidationError("--jobs must be at least 1.") }
        guard !files.isEmpty else { throw ValidationError("Name at least one image to scan.") }
    }

    func run() throws {
        var options = OCROptions(languages: OCROptions.languages(from: lang), preprocess: !noPreprocess)
        options.retryWithoutPreprocessing = !singlePass
        options.findPaper = !noFindPaper
        options.engine = engine
        options.ppocrFiles = AppResources.locate().ppocrFiles
        let pipeline: OCRPipeline
        do {
            pipeline = try OCRPipeline(options: options, engines: min(jobs, files.count))
        } catch {
            throw ValidationError((error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        if let notice = pipeline.engineNotice {
            FileHandle.standardError.write(Data("plutary: \(notice)\n".utf8))
        }
        let saver = try save ? ScanSaver(database: global.openDatabase()) : nil
        let output = ReceiptOutput(json: json)
        output.header()
        let failed = FailureCount()
        defer { LocalFile.removeCopies() }
        let urls = try RawFileArguments.readableURLs(for: files)
        ReceiptScanner(pipeline: pipeline).scanAll(urls, jobs: jobs) { index, result in
            switch result {
            case .success(let scan):
                var payload = scan.payload
                payload.source = files[index]
                if let saver {
                    do {
                        payload = try saver.save(payload, image: urls[index])
                    } catch {
                        failed.add()
                        payload.warnings.append("not saved: \(error.localizedDescription)")
                    }
                }
                output.success(payload)
            case .failure(let error):
                failed.add()
                output.failure(source: files[index], error: error)
            }
            fflush(nil) // stream each line as it is ready
        }
        if failed.value > 0 { throw ExitCode(1) }
    }
}
