import CONNXRuntime
import CTesseract
import Foundation
import Synchronization

/// The PP-OCR pipeline: DB text detection, the 0°/180° direction classifier and CTC text
/// recognition, each an ONNX model run by ONNX Runtime, with the image work done by Leptonica.
/// One engine (so one session per model) per process, shared by every job: `run` is
/// thread-safe, and one model in memory is cheaper than one per thread.
final class PPOCREngine: Sendable {
    private let detector: ORTSession
    private let classifier: ORTSession
    private let recognizer: ORTSession
    private let decoder: CTCDecoder
    let files: PPOCRFiles
    let settings: PPOCRSettings

    private static let shared = Mutex<PPOCREngine?>(nil)
    /// One detection at a time: its activations are the pipeline's largest (60 MB less at peak
    /// with 2 jobs), and while one job detects the other recognises, so the cores stay busy.
    private let detecting = Mutex(())

    /// The process's engine, made on first use; `threads` (per model run) only counts then.
    static func shared(files: PPOCRFiles, threads: Int) throws -> PPOCREngine {
        try shared.withLock { engine in
            if let engine, engine.files == files { return engine }
            let made = try PPOCREngine(files: files, threads: threads)
            engine = made
            return made
        }
    }

    init(files: PPOCRFiles, threads: Int, settings: PPOCRSettings = PPOCRSettings()) throws {
        self.files = files
        self.settings = settings
        plutary_ort_share_heap()
        detector = try ORTSession(modelPath: files.detection, libraryPath: files.library, threads: threads)
        classifier = try ORTSession(modelPath: files.classifier, libraryPath: files.library, threads: threads)
        recognizer = try ORTSession(modelPath: files.recognition, libraryPath: files.library, threads: threads)
        guard let alphabet = recognizer.metadata("character"), !alphabet.isEmpty else {
            throw ORTSessionError(message: "the recognition model has no alphabet (metadata key “character”)")
        }
        decoder = CTCDecoder(metadata: alphabet)
    }

    /// Reads one page (any depth; orientation already applied).
    func recognize(_ source: LeptImage, name: String, languages: [String]) throws -> OCRResult {
        let page = source.map { pixRemoveAlpha($0) }.map { pixConvertTo32($0) }
        guard page.depth == 32 else { throw OCRError.decodeFailed(file: name, reason: "cannot convert the image to colour") }
        let regions = try detect(page)
        var crops: [(region: DetectedText, image: LeptImage)] = regions.compactMap { region in
            LineCropper.crop(page, region.quad).map { (region, $0) }
        }
        let flipped = try classify(crops.map(\.image))
        for index in crops.indices where flipped[index] {
            crops[index].image = crops[index].image.map { pixRotate180(nil, $0) }
        }
        let readings = try read(crops.map(\.image))
        var texts: [RecognizedText] = []
        for (index, reading) in readings.enumerated() {
            guard reading.reading.confidence >= settings.textScore,
                  !reading.reading.text.allSatisfy(\.isWhitespace) else { continue }
            // Turn the quad as its crop was turned, so that its top edge runs along the text as
            // read and the positions stay as read: a quarter turn back for a tall crop (the quad's
            // right edge became the crop's top), then half round when the classifier flipped it.
            var quad = crops[index].region.quad
            if CropGeometry(quad: quad, imageWidth: page.width, imageHeight: page.height).turnsQuarter {
                quad = TextQuad(topLeft: quad.topRight, topRight: quad.bottomRight,
                                bottomRight: quad.bottomLeft, bottomLeft: quad.topLeft)
            }
            if flipped[index] {
                quad = TextQuad(topLeft: quad.bottomRight, topRight: quad.bottomLeft,
                                bottomRight: quad.topLeft, bottomLeft: quad.topRight)
            }
            texts.append(RecognizedText(quad: quad, symbols: reading.reading.symbols, positions: reading.positions,
                                        confidence: reading.reading.confidence))
        }
        defer { plutary_ort_release_free_memory() }
        return PPOCRLayout.result(texts, source: name, imageWidth: source.width, imageHeight: source.height,
                                  languages: languages)
    }

    /// The size the detector sees: the longer side at most `maxSide`, at most `maxPixels` in
    /// all, both sides a multiple of 32 (the network halves the image five times).
    static func detectionSize(width: Int, height: Int, maxSide: Int, maxPixels: Int = .max) -> (width: Int, height: Int) {
        let scale = detectionScale(width: width, height: height, maxSide: maxSide, maxPixels: maxPixels)
        func side(_ length: Int) -> Int { max(32, Int((Double(length) * scale / 32).rounded()) * 32) }
        return (side(width), side(height))
    }

    /// The factor the detector shrinks a picture of this size by (1 when it fits).
    static func detectionScale(width: Int, height: Int, maxSide: Int, maxPixels: Int = .max) -> Double {
        min(1, Double(maxSide) / Double(max(width, height)), (Double(maxPixels) / Double(width * height)).squareRoot())
    }

    /// The page's text regions; looked for again inside the text's own extent when that is a
    /// small part of a picture the detector saw shrunk, and again in a wider cut while the closer
    /// look finds text near the cut's edge (`DetectionFocus`).
    private func detect(_ page: LeptImage) throws -> [DetectedText] {
        var found = try detectOnce(page)
        var next = DetectionFocus.area(of: found, imageWidth: page.width, imageHeight: page.height,
                                       maxSide: settings.detectionMaxSide, maxPixels: settings.detectionMaxPixels)
        var seen: OCRBox?
        for _ in 0..<DetectionFocus.maxLooks {
            guard let area = next, let again = try detect(page, in: area), !again.isEmpty else { break }
            // A wider look sees the part already looked at smaller: only its new part is taken.
            let added = seen.map { old in
                again.filter { let c = $0.quad.center
                    return c.x < Double(old.x) || c.y < Double(old.y) || c.x >= Double(old.x + old.width) || c.y >= Double(old.y + old.height) }
            } ?? again
            found = seen == nil ? again : found + added
            seen = area
            next = DetectionFocus.wider(area, holding: added, imageWidth: page.width, imageHeight: page.height)
        }
        return found
    }

    /// The regions found in `area` of the page, in page pixels; nil when it cannot be cut out.
    private func detect(_ page: LeptImage, in area: OCRBox) throws -> [DetectedText]? {
        guard let clip = boxCreate(Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height)) else { return nil }
        var box: UnsafeMutablePointer<BOX>? = clip
        defer { boxDestroy(&box) }
        let crop = page.map { pixClipRectangle($0, clip, nil) }
        guard crop !== page else { return nil }
        let offset = SIMD2(Double(area.x), Double(area.y))
        return try detectOnce(crop).map { DetectedText(quad: $0.quad.moved(by: offset), score: $0.score) }
    }

    private func detectOnce(_ page: LeptImage) throws -> [DetectedText] {
        let size = Self.detectionSize(width: page.width, height: page.height, maxSide: settings.detectionMaxSide,
                                           maxPixels: settings.detectionMaxPixels)
        guard let scaled = LeptImage(owning: pixScaleToSize(page.pix, Int32(size.width), Int32(size.height))),
              scaled.depth == 32
        else { return [] }
        var input = [Float](repeating: 0, count: 3 * size.width * size.height)
        TensorPacker.pack(scaled, into: &input, offset: 0, planeWidth: size.width, planeHeight: size.height)
        let map = try detecting.withLock { _ in
            try detector.run(input, shape: [1, 3, size.height, size.width]) { shape, values in
                guard values.count == size.width * size.height else {
                    throw ORTSessionError(message: "the detection model returned a map of shape \(shape)")
                }
                return Array(values)
            }
        }
        return settings.postProcessor.regions(map: map, width: size.width, height: size.height,
                                              sourceWidth: page.width, sourceHeight: page.height)
    }

    /// Which crops are upside down (the classifier is sure of 180°).
    private func classify(_ crops: [LeptImage]) throws -> [Bool] {
        var flipped = [Bool](repeating: false, count: crops.count)
        let (height, width) = (48, 192)
        for batch in Self.batches(crops, size: settings.batchSize) {
            var input = [Float](repeating: 0, count: batch.count * 3 * height * width)
            for (slot, index) in batch.enumerated() {
                guard let scaled = Self.scaled(crops[index], height: height, maxWidth: width) else { continue }
                TensorPacker.pack(scaled, into: &input, offset: slot * 3 * height * width, planeWidth: width, planeHeight: height)
            }
            try classifier.run(input, shape: [batch.count, 3, height, width]) { shape, values in
                guard values.count == batch.count * 2 else {
                    throw ORTSessionError(message: "the direction model returned shape \(shape)")
                }
                for (slot, index) in batch.enumerated() {
                    let (upright, turned) = (values[2 * slot], values[2 * slot + 1])
                    flipped[index] = turned > upright && Double(turned) > settings.flipThreshold
                }
            }
        }
        return flipped
    }

    /// Reads every crop: in batches of similar width (sorted, so little padding is run through
    /// the model), each crop 48 pixels high in a batch as wide as its widest crop.
    private func read(_ crops: [LeptImage]) throws -> [(reading: CTCReading, positions: [Double])] {
        var results = [(reading: CTCReading, positions: [Double])](
            repeating: (CTCReading(symbols: [], steps: [], confidence: 0), []), count: crops.count)
        let height = 48
        for batch in Self.batches(crops, size: settings.batchSize) {
            let widest = batch.map { Self.aspect(crops[$0]) }.max() ?? 1
            let width = Int(Double(height) * max(320.0 / 48.0, widest))
            var input = [Float](repeating: 0, count: batch.count * 3 * height * width)
            var used = [Int](repeating: 1, count: batch.count)
            for (slot, index) in batch.enumerated() {
                guard let scaled = Self.scaled(crops[index], height: height, maxWidth: width) else { continue }
                used[slot] = scaled.width
                TensorPacker.pack(scaled, into: &input, offset: slot * 3 * height * width, planeWidth: width, planeHeight: height)
            }
            try recognizer.run(input, shape: [batch.count, 3, height, width]) { shape, values in
                guard shape.count == 3, shape[0] == batch.count, shape[2] == decoder.classes.count else {
                    throw ORTSessionError(message: "the recognition model returned shape \(shape) for an alphabet of \(decoder.classes.count - 2) symbols")
                }
                let steps = shape[1]
                for (slot, index) in batch.enumerated() {
                    let start = slot * steps * decoder.classes.count
                    let reading = decoder.decode(values[start..<start + steps * decoder.classes.count], steps: steps)
                    // A time step covers width / steps input columns; the crop fills `used` of them.
                    let columns = Double(width) / Double(steps)
                    let positions = reading.steps.map { min(1, (Double($0) + 0.5) * columns / Double(used[slot])) }
                    results[index] = (reading, positions)
                }
            }
        }
        return results
    }

    /// Indices of `crops` sorted by aspect ratio, cut into batches.
    private static func batches(_ crops: [LeptImage], size: Int) -> [[Int]] {
        let order = crops.indices.sorted { aspect(crops[$0]) < aspect(crops[$1]) }
        return stride(from: 0, to: order.count, by: size).map { Array(order[$0..<min($0 + size, order.count)]) }
    }

    private static func aspect(_ image: LeptImage) -> Double { Double(image.width) / Double(max(1, image.height)) }

    /// `image` scaled to `height`, keeping its aspect up to `maxWidth`.
    private static func scaled(_ image: LeptImage, height: Int, maxWidth: Int) -> LeptImage? {
        let width = min(maxWidth, max(1, Int((Double(height) * aspect(image)).rounded(.up))))
        let result = LeptImage(owning: pixScaleToSize(image.pix, Int32(width), Int32(height)))
        return result?.depth == 32 ? result : nil
    }
}
