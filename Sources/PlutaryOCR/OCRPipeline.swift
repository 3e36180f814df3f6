import CTesseract
import Dispatch
import Foundation
import PlutaryCore
import Synchronization

/// Loads, preprocesses and recognises receipt images. Blocking and thread-safe: call it from
/// any number of threads (never the main one); at most `engines` recognitions run at once.
/// PP-OCR reads when it is asked for (or automatic) and available; Tesseract otherwise, and
/// always for the line re-reads.
public final class OCRPipeline: Sendable {
    public let options: OCROptions
    private let pool: EnginePool
    private let ppocr: PPOCREngine?
    /// Why PP-OCR does not read although it was asked for (or automatic): missing or broken
    /// files, said once by whoever shows it (the CLI on stderr, Settings).
    public let engineNotice: String?

    /// The recogniser that reads: `.ppocr` or `.tesseract`.
    public var engine: OCREngine { ppocr == nil ? .tesseract : .ppocr }

    /// Fails when a language's data is missing or Tesseract cannot load it.
    /// - Parameter engines: recognitions at once (the jobs); PP-OCR gives each model run
    ///   cores / engines threads, so the jobs together do not oversubscribe the cores.
    public init(options: OCROptions, engines: Int = UsableCores.count) throws {
        self.options = options
        (ppocr, engineNotice) = Self.loadPPOCR(options, threads: UsableCores.count / max(1, engines))
        guard !options.languages.isEmpty else { throw OCRError.invalidLanguage("") }
        let path: String
        if let given = options.tessdataPath {
            path = given
        } else if let found = OCRLanguages.dataPath() {
            path = found
        } else {
            throw OCRError.noTessdata(searched: OCRLanguages.standardLocations)
        }
        try OCRLanguages.validate(options.languages, in: path)
        let (languages, mode, limit) = (options.languages, options.pageSegMode, options.pageTimeLimit)
        pool = EnginePool(capacity: engines) {
            try TesseractEngine(languages: languages, dataPath: path, pageSegMode: mode, pageTimeLimit: limit)
        }
        // With PP-OCR reading, Tesseract engines are only made if a line is re-read.
        if ppocr == nil { try pool.prewarm() }
    }

    /// PP-OCR's engine when it should and can read, else why not (nil when Tesseract was asked for).
    private static func loadPPOCR(_ options: OCROptions, threads: Int) -> (PPOCREngine?, String?) {
        guard options.engine != .tesseract else { return (nil, nil) }
        guard let files = options.ppocrFiles else {
            return (nil, OCRError.ppocrUnavailable(reason: OCRError.ppocrNotInstalled).localizedDescription)
        }
        do {
            return (try PPOCREngine.shared(files: files, threads: max(1, threads)), nil)
        } catch {
            return (nil, OCRError.ppocrUnavailable(reason: "\(error)").localizedDescription)
        }
    }

    /// Engines initialised so far (one model load each); at most `engines`.
    public var engineInitializations: Int { pool.enginesCreated }

    public func recognize(fileAt url: URL) throws -> OCRResult {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OCRError.unreadable(file: name, reason: (error as NSError).localizedDescription)
        }
        return try recognize(data: data, name: name)
    }

    /// - Parameter preprocess: overrides `options.preprocess` for this call (a second reading).
    /// - Parameter paper: the receipt's corners in the picture, as the person placed them; nil finds them.
    public func recognize(data: Data, name: String, preprocess: Bool? = nil, paper: PaperQuad? = nil) throws -> OCRResult {
        if ImageFileType.sniff(data) == .pdf { return try recognize(pdf: PDFDocument(data: data, name: name), preprocess: preprocess) }
        let page = try loadPage(data: data, name: name, paper: paper)
        return page.sourceResult(try recognize(page.image, name: name, preprocess: preprocess))
    }

    /// A PDF's text layer when it reads as text; otherwise every page rendered and recognised.
    /// The pages make one receipt either way, joined in order (see `PDFLayout.joined`).
    func recognize(pdf: PDFDocument, preprocess: Bool?) throws -> OCRResult {
        let layers = try (0..<pdf.pageCount).map { try pdf.textLayer(page: $0) }
        let pages: [OCRResult]
        if PDFTextLayer.isUsable(layers.flatMap(\.lines).map(\.text).joined(separator: "\n")) {
            pages = layers.enumerated().map { index, layer in
                let page = pdf.layout.pages[index]
                var result = OCRResult(source: pdf.name, text: layer.lines.map(\.text).joined(separator: "\n"), lines: layer.lines,
                                       words: layer.words, imageWidth: page.width, imageHeight: page.height,
                                       languages: options.languages, meanConfidence: 100, engine: engine)
                result.fromTextLayer = true
                return result
            }
        } else {
            // One page at a time: a long scan never has to fit in memory whole.
            pages = try (0..<pdf.pageCount).map { index in
                try recognize(pdf.render(page: index, maxMegapixels: options.maxMegapixels), name: pdf.name, preprocess: preprocess)
            }
        }
        return pdf.layout.joined(pages, source: pdf.name)
    }

    /// Recognises one decoded picture, boxes in its pixels.
    private func recognize(_ source: LeptImage, name: String, preprocess: Bool?) throws -> OCRResult {
        // PP-OCR takes the page as it is; should a model fail on it, Tesseract reads it instead.
        if let ppocr, let result = try? ppocr.recognize(source, name: name, languages: options.languages) {
            return result
        }
        // Decoding and preprocessing run before borrowing an engine, so they overlap other recognitions.
        let (image, transform) = preprocess ?? options.preprocess
            ? Preprocessor(options: options.preprocessing).run(source)
            : (source, PageTransform.identity(width: source.width, height: source.height))
        return try pool.withEngine { engine in
            try engine.recognize(image, transform: transform, name: name)
        }
    }

    /// The image as OCR reads it: the receipt cut out of a photo and made upright when one is found.
    private func loadPage(data: Data, name: String, paper: PaperQuad?) throws -> FlatPage {
        let source = try ImageLoader.load(data: data, name: name, maxMegapixels: options.maxMegapixels)
        // A PDF's pages are flat already; their stacking would only mislead the paper finder.
        let flat = ImageFileType.sniff(data) == .pdf
        return !flat && (options.findPaper || paper != nil) ? FlatPage(source, paper: paper) : FlatPage(unchanged: source)
    }

    /// Where the paper finder sees the receipt in an image file, and the size of the upright picture
    /// its corners are in: what the review would show, without OCR (`plutary find-paper`, the photo
    /// benchmark's corner measure). nil when the picture would be read whole.
    public static func findPaper(data: Data, name: String, maxMegapixels: Int) throws -> (paper: PaperQuad?, width: Int, height: Int) {
        let source = try ImageLoader.load(data: data, name: name, maxMegapixels: maxMegapixels)
        return (PaperFinder.find(in: source), source.width, source.height)
    }

    /// Grey levels at which `rereadLines` cuts ink from paper: faint thermal print needs a high one.
    static let lineThresholds: [Int32] = [165, 180]

    /// Reads lines again on their own: each band (the full width at `box`'s height, with a margin)
    /// enlarged 3×, once in grey, once cut at Otsu's level and once per `lineThresholds`, as single lines. A footer line
    /// under a barcode or in faint print comes out readable where the page reading lost it.
    /// Returns, per box, the readings.
    public func rereadLines(data: Data, name: String, boxes: [OCRBox], paper: PaperQuad? = nil) throws -> [[String]] {
        let page = try loadPage(data: data, name: name, paper: paper)
        let grey = page.image.map { pixRemoveAlpha($0) }.map { pixConvertTo8($0, 0) }
        guard grey.depth == 8 else { return boxes.map { _ in [] } }
        return try boxes.map { box in
            let box = page.pageBand(box)
            let margin = max(2, box.height / 5)
            let top = max(0, box.y - margin)
            let height = min(grey.height - top, box.height + 2 * margin)
            guard height > 2, let band = boxCreate(0, Int32(top), Int32(grey.width), Int32(height)) else { return [] }
            var bandBox: UnsafeMutablePointer<BOX>? = band
            defer { boxDestroy(&bandBox) }
            let clipped = grey.map { pixClipRectangle($0, band, nil) }
            guard clipped !== grey else { return [] }
            let large = clipped.map { pixScaleGrayLI($0, 3, 3) }
            // Otsu's level suits print of good contrast; the fixed high levels keep faint print.
            let otsu = large.map { pix in
                var out: UnsafeMutablePointer<PIX>?
                return pixOtsuAdaptiveThreshold(pix, pixGetWidth(pix), pixGetHeight(pix), 0, 0, 0, nil, &out) == 0 ? out : nil
            }
            let variants = [large, otsu] + Self.lineThresholds.map { level in large.map { pixThresholdToBinary($0, level) } }
            return try pool.withEngine { engine in variants.map { engine.recognizeLine($0) } }
        }
    }

    /// Recognises every file on up to `jobs` threads; results come back in input order.
    /// `progress` receives (input index, result) as each file finishes, one call at a time.
    public func recognizeAll(
        _ urls: [URL], jobs: Int, progress: (@Sendable (Int, Result<OCRResult, Error>) -> Void)? = nil
    ) -> [Result<OCRResult, Error>] {
        let next = Atomic(0)
        let results = Mutex([Result<OCRResult, Error>?](repeating: nil, count: urls.count))
        let reporting = Mutex(())
        let workers = max(1, min(jobs, urls.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < urls.count else { return }
                let result = Result { try recognize(fileAt: urls[index]) }
                results.withLock { $0[index] = result }
                if let progress { reporting.withLock { _ in progress(index, result) } }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
