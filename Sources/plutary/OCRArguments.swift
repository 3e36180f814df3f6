import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryOCR

/// How `scan` and `acquire` read: the OCR options both take, and the pipeline they make.
struct OCRArguments: ParsableArguments {
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

    /// The pipeline with `engines` engines; says on standard error when the engine asked for is missing.
    func pipeline(engines: Int) throws -> OCRPipeline {
        var options = OCROptions(languages: OCROptions.languages(from: lang), preprocess: !noPreprocess)
        options.retryWithoutPreprocessing = !singlePass
        options.findPaper = !noFindPaper
        options.engine = engine
        options.ppocrFiles = AppResources.locate().ppocrFiles
        let pipeline: OCRPipeline
        do {
            pipeline = try OCRPipeline(options: options, engines: engines)
        } catch {
            throw ValidationError((error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        if let notice = pipeline.engineNotice {
            FileHandle.standardError.write(Data("plutary: \(notice)\n".utf8))
        }
        return pipeline
    }
}
