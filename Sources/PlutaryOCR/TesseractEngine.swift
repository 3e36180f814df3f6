import CTesseract
import Foundation

/// One initialised Tesseract instance. Tesseract engines are not thread-safe, so an engine
/// is used by one thread at a time; `EnginePool` hands each to one borrower, which is why
/// moving it between threads is sound (`@unchecked Sendable`).
final class TesseractEngine: @unchecked Sendable {
    private let handle: OpaquePointer
    let languages: [String]
    /// How long a page may take to read (`OCROptions.pageTimeLimit`).
    let pageTimeLimit: Duration

    init(languages: [String], dataPath: String, pageSegMode: OCRPageSegMode, pageTimeLimit: Duration) throws {
        guard let handle = TessBaseAPICreate() else { throw OCRError.engineInitFailed(languages: languages.joined(separator: "+")) }
        self.handle = handle
        self.languages = languages
        self.pageTimeLimit = pageTimeLimit
        let joined = languages.joined(separator: "+")
        guard TessBaseAPIInit3(handle, dataPath, joined) == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError.engineInitFailed(languages: joined)
        }
        TessBaseAPISetPageSegMode(handle, pageSegMode.tesseractValue)
        // Receipts align prices with runs of spaces; keep them for the parser.
        _ = TessBaseAPISetVariable(handle, "preserve_interword_spaces", "1")
        // Re-reading every doubtful line as white-on-black cost 7% CPU and found nothing on real receipts.
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
        // Tesseract's diagnostics ("Estimating resolution…") would pollute CLI output. debug_file
        // is a process-wide global that running engines read: write it only once, from the
        // first engine, which the pipeline makes before any recognition starts.
        if Self.stringVariable(handle, "debug_file") != "/dev/null" {
            _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        }
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    func recognize(_ image: LeptImage, transform: PageTransform, name: String) throws -> OCRResult {
        OpenMP.useSingleThreadOnCurrentThread()
        // Clear drops the image clone and results, keeping the loaded models for the next call.
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetImage2(handle, image.pix)
        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        let (seconds, attoseconds) = pageTimeLimit.components
        TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        let started = ContinuousClock.now
        if TessBaseAPIRecognize(handle, monitor) != 0 {
            // Past the deadline Tesseract stops with the page half read. Not even that part is
            // read out: its text iterators take time quadratic in a line's words, and the noise
            // that made the page slow makes long lines (minutes more on a photo of a table).
            if ContinuousClock.now - started >= pageTimeLimit {
                throw OCRError.readingTooSlow(file: name, seconds: Int(seconds))
            }
            throw OCRError.recognitionFailed(file: name)
        }
        let text = Self.take(TessBaseAPIGetUTF8Text(handle)) ?? ""
        var lines: [OCRLine] = []
        var words: [OCRWord] = []
        if let iterator = TessBaseAPIGetIterator(handle) {
            defer { TessResultIteratorDelete(iterator) }
            let page = TessResultIteratorGetPageIterator(iterator)  // A view of `iterator`, not owned.
            repeat {
                if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0,
                   let line = Self.element(iterator, page, RIL_TEXTLINE, transform) {
                    lines.append(OCRLine(text: line.text, box: line.box, confidence: line.confidence))
                }
                if let word = Self.element(iterator, page, RIL_WORD, transform) {
                    words.append(OCRWord(text: word.text, box: word.box, confidence: word.confidence,
                                         lineIndex: max(0, lines.count - 1)))
                }
            } while TessPageIteratorNext(page, RIL_WORD) != 0
        }
        let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return OCRResult(
            source: name, text: text, lines: lines, words: words,
            imageWidth: transform.sourceWidth, imageHeight: transform.sourceHeight,
            languages: languages, meanConfidence: mean)
    }

    /// Reads an image holding one line of text (PSM 7), then returns to the page mode.
    func recognizeLine(_ image: LeptImage) -> String {
        OpenMP.useSingleThreadOnCurrentThread()
        let pageMode = TessBaseAPIGetPageSegMode(handle)
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
        defer {
            TessBaseAPIClear(handle)
            TessBaseAPISetPageSegMode(handle, pageMode)
        }
        TessBaseAPISetImage2(handle, image.pix)
        guard TessBaseAPIRecognize(handle, nil) == 0 else { return "" }
        return (Self.take(TessBaseAPIGetUTF8Text(handle)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func element(
        _ iterator: OpaquePointer, _ page: OpaquePointer?, _ level: TessPageIteratorLevel, _ transform: PageTransform
    ) -> (text: String, box: OCRBox, confidence: Double)? {
        guard let text = take(TessResultIteratorGetUTF8Text(iterator, level)) else { return nil }
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        let box = transform.sourceBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
        let trimmed = text.trimmingCharacters(in: .newlines)
        return (trimmed, box, Double(TessResultIteratorConfidence(iterator, level)))
    }

    private static func stringVariable(_ handle: OpaquePointer, _ name: String) -> String? {
        TessBaseAPIGetStringVariable(handle, name).map { String(cString: $0) }  // Points into Tesseract; not freed.
    }

    /// Copies a string Tesseract allocated and frees it with the matching deallocator.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { TessDeleteText(pointer) }
        return String(cString: pointer)
    }
}
