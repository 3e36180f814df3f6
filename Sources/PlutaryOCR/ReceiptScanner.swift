import Dispatch
import Foundation
import PlutaryCore
import Synchronization

/// The whole local pipeline for one image: load, preprocess, OCR, parse.
public final class ReceiptScanner: Sendable {
    public let pipeline: OCRPipeline
    private let parser: ReceiptParser
    private let hints: ParseHints

    public init(pipeline: OCRPipeline, parser: ReceiptParser = ReceiptParser(), hints: ParseHints = ParseHints()) {
        self.pipeline = pipeline
        self.parser = parser
        self.hints = hints
    }

    public struct Scan: Sendable {
        public var payload: ReceiptPayload
        public let ocr: OCRResult

        public init(payload: ReceiptPayload, ocr: OCRResult) {
            self.payload = payload
            self.ocr = ocr
        }
    }

    /// A receipt read with less overall confidence than this is read a second time (see
    /// `OCROptions.retryWithoutPreprocessing`). At 0.7 a receipt whose total, date and merchant
    /// all have support, with no arithmetic warning, is kept from the first reading.
    public static let retryBelowConfidence = 0.7

    /// Blocking; call from a worker thread.
    /// - Parameter paper: the receipt's corners as the person placed them; nil finds them.
    public func scan(fileAt url: URL, paper: PaperQuad? = nil) throws -> Scan {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OCRError.unreadable(file: url.lastPathComponent, reason: (error as NSError).localizedDescription)
        }
        var scan = try read(data, name: url.lastPathComponent, preprocess: nil, paper: paper)
        let options = pipeline.options
        // Only Tesseract's reading depends on preprocessing.
        if scan.ocr.engine == .tesseract, !scan.ocr.fromTextLayer, options.preprocess, options.retryWithoutPreprocessing,
           (scan.payload.confidence ?? 0) < Self.retryBelowConfidence {
            do {
                scan = Self.combined(scan, try read(data, name: url.lastPathComponent, preprocess: false, paper: paper))
            } catch OCRError.readingTooSlow {
                // The first reading stands: the second was only a chance of a better one.
            }
        }
        // A text layer holds every character already; a PDF's pages stacked over the size limit
        // cannot be loaded whole for the re-read (its pages were read one by one).
        if options.rereadDateLines, !scan.ocr.fromTextLayer, scan.payload.purchaseDate == nil,
           scan.ocr.imageWidth * scan.ocr.imageHeight <= options.maxMegapixels * 1_000_000 {
            try rereadDate(&scan, data: data, name: url.lastPathComponent, paper: paper)
        }
        scan.payload.source = url.path
        return scan
    }

    /// Fields that stand alone: one reading may get the shop name right and the other the date.
    /// The amounts go together (total, subtotal, tax, items check each other), so they come
    /// with the reading the receipt's arithmetic trusts more.
    static let independentFields = ["merchant_name", "purchase_date"]

    /// The surer of two readings of one receipt, with each independent field taken from the
    /// reading that is surer of it; on a tie, from the first (preprocessed) reading, which
    /// reads most images better.
    static func combined(_ first: Scan, _ second: Scan) -> Scan {
        let firstWins = (first.payload.confidence ?? 0) >= (second.payload.confidence ?? 0)
        var result = firstWins ? first : second
        let other = firstWins ? second.payload : first.payload
        for field in independentFields {
            let own = result.payload.fieldConfidence[field] ?? 0
            guard let better = other.fieldConfidence[field], firstWins ? better > own : better >= own else { continue }
            switch field {
            case "merchant_name": result.payload.merchantName = other.merchantName
            case "purchase_date": result.payload.purchaseDate = other.purchaseDate
            default: continue
            }
            result.payload.fieldConfidence[field] = better
            if !result.payload.autoFilledFields.contains(field) { result.payload.autoFilledFields.append(field) }
        }
        return result
    }

    // Footer lines where receipts print the date: a time, a date fragment ("02.03."), or a date label.
    private static let dateLine = try! NSRegularExpression(
        pattern: #"\d{1,2}\s?[:;]\s?\d{2}|\d?[.,/-]\d{2}[.,/-]|\b(?:DATUM|DATE|TARIKH)\b"#, options: [.caseInsensitive])

    /// Bands of the lines whose date the page reading may have lost, at most `limit`, from the
    /// bottom up (the till's own date and time line closes most receipts). A band spans the
    /// line's text-sized words only: a barcode Tesseract took into the line would swamp the text.
    static func dateLineBands(in ocr: OCRResult, limit: Int = 2) -> [OCRBox] {
        let heights = ocr.words.map(\.box.height).sorted()
        let typical = heights.isEmpty ? 0 : heights[heights.count / 2]
        let chosen = ocr.lines.indices.reversed().filter { index in
            let text = ocr.lines[index].text
            return dateLine.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }.prefix(limit)
        return chosen.map { index in
            let line = ocr.lines[index].box
            let words = ocr.words.filter { $0.lineIndex == index && $0.box.height <= 2 * typical && $0.box.height > 0 }
            // Around the words' middle, as tall as the tallest: on a tilted photo the words climb
            // across the line, and their top and bottom would span the lines around it.
            let middles = words.map { 2 * $0.box.y + $0.box.height }.sorted()
            guard let height = words.map(\.box.height).max() else { return line }
            return OCRBox(x: line.x, y: middles[middles.count / 2] / 2 - height / 2, width: line.width, height: height)
        }
    }

    /// A receipt without a date has its likely date lines read again, enlarged (see
    /// `OCRPipeline.rereadLines`); the first reading that gives the receipt a date is taken.
    private func rereadDate(_ scan: inout Scan, data: Data, name: String, paper: PaperQuad?) throws {
        let bands = Self.dateLineBands(in: scan.ocr)
        guard !bands.isEmpty else { return }
        for reading in try pipeline.rereadLines(data: data, name: name, boxes: bands, paper: paper).joined() {
            let reparsed = parser.parse(ocrText: scan.ocr.text + "\n" + reading, hints: hints)
            guard let date = reparsed.purchaseDate else { continue }
            scan.payload.purchaseDate = date
            scan.payload.fieldConfidence["purchase_date"] = reparsed.fieldConfidence["purchase_date"]
            if !scan.payload.autoFilledFields.contains("purchase_date") { scan.payload.autoFilledFields.append("purchase_date") }
            scan.payload.warnings.removeAll { $0 == "no purchase date found" }
            return
        }
    }

    private func read(_ data: Data, name: String, preprocess: Bool?, paper: PaperQuad?) throws -> Scan {
        let ocr = try pipeline.recognize(data: data, name: name, preprocess: preprocess, paper: paper)
        var payload = parser.parse(ocrText: ocr.text, hints: hints)
        payload.ocrLocale = pipeline.options.languages.joined(separator: "+")
        payload.ocrEngine = ocr.engineName
        return Scan(payload: payload, ocr: ocr)
    }

    /// Scans on up to `jobs` threads. `completed` is called once per file, in
    /// input order, as soon as that file and all before it are done.
    public func scanAll(_ urls: [URL], jobs: Int, completed: @escaping @Sendable (Int, Result<Scan, Error>) -> Void) {
        let next = Atomic(0)
        let pending = Mutex((nextToEmit: 0, done: [Int: Result<Scan, Error>]()))
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, urls.count))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < urls.count else { return }
                let result = Result { try scan(fileAt: urls[index]) }
                pending.withLock { state in
                    state.done[index] = result
                    while let ready = state.done.removeValue(forKey: state.nextToEmit) {
                        completed(state.nextToEmit, ready)
                        state.nextToEmit += 1
                    }
                }
            }
        }
    }
}
