import CTesseract
import Foundation
import PlutaryCore
import Synchronization

/// The app's receipt scanner: builds the OCR engines on the first scan (off the
/// main thread, where loading the language models belongs) and rebuilds them
/// when the person picks other OCR languages.
public final class LocalReceiptScanner: ReceiptScanning {
    private struct Built {
        let languages: [String]
        let engine: OCREngine
        let scanner: ReceiptScanner
    }

    /// Apart from `built`, so Settings (on the main thread) never waits for engines being built.
    private let languages: Mutex<[String]>
    private let built = Mutex<Built?>(nil)
    /// The tessdata folder; nil means `TESSDATA_PREFIX` or the system location.
    private let tessdataPath: String?
    private let engine: Mutex<OCREngine>
    private let ppocrFiles: PPOCRFiles?
    public let parallelism = UsableCores.count

    public init(languages: [String], tessdataPath: String? = nil, engine: OCREngine = .tesseract, ppocrFiles: PPOCRFiles? = nil) {
        self.languages = Mutex(languages.isEmpty ? ["eng"] : languages)
        self.tessdataPath = tessdataPath
        self.engine = Mutex(engine)
        self.ppocrFiles = ppocrFiles
    }

    public func installedLanguages() async -> [String] {
        let tessdataPath = self.tessdataPath
        return (try? await WorkerThread.run { OCRLanguages.installed(in: tessdataPath) }) ?? []
    }

    /// Takes effect from the next scan; scans under way finish with the engines they have.
    public func setLanguages(_ languages: [String]) {
        guard !languages.isEmpty else { return }
        self.languages.withLock { $0 = languages }
    }

    /// Takes effect from the next scan, like `setLanguages`; an unknown name means automatic.
    public func setEngine(_ engine: String) {
        self.engine.withLock { $0 = OCREngine(rawValue: engine) ?? .automatic }
    }

    /// The engines' own notice once built; before, only whether PP-OCR's files were found
    /// (loading the models just to say they load would cost a second and much memory).
    public func engineNotice() async -> String? {
        // On a worker: it waits while the engines are being built.
        (try? await WorkerThread.run { self.currentNotice() }) ?? nil
    }

    private func currentNotice() -> String? {
        let wanted = engine.withLock { $0 }
        if let built = built.withLock({ $0 }), built.engine == wanted { return built.scanner.pipeline.engineNotice }
        guard wanted != .tesseract, ppocrFiles == nil else { return nil }
        return OCRError.ppocrUnavailable(reason: OCRError.ppocrNotInstalled).localizedDescription
    }

    /// Reads on a worker thread; the scans running at once are those awaited at once (the
    /// import awaits `parallelism`), each with an engine of the pool.
    public func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
        try await WorkerThread.run { try self.read(url, paper: paper) }
    }

    private func read(_ url: URL, paper: [SIMD2<Double>]?) throws -> ScannedReceipt {
        let quad = paper.flatMap { $0.count == 4 ? PaperQuad(topLeft: $0[0], topRight: $0[1], bottomRight: $0[2], bottomLeft: $0[3]) : nil }
        let scan = try current().scan(fileAt: url, paper: quad)
        let words = scan.ocr.words.map {
            ReceiptWord(text: $0.text, x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height)
        }
        return ScannedReceipt(payload: scan.payload, words: words, paper: scan.ocr.paper?.corners)
    }

    public func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws {
        try await WorkerThread.run { try Self.turn(url, quarterTurns: quarterTurns, to: destination) }
    }

    private static func turn(_ url: URL, quarterTurns: Int, to destination: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OCRError.unreadable(file: url.lastPathComponent, reason: (error as NSError).localizedDescription)
        }
        let image = try ImageLoader.load(data: data, name: url.lastPathComponent, maxMegapixels: OCROptions().maxMegapixels)
        let turns = ((quarterTurns % 4) + 4) % 4
        let turned = turns == 0 ? image : image.map { pixRotateOrth($0, Int32(turns)) }
        // Created the owner's alone first: Leptonica's fopen would leave it readable by all (0644).
        guard PrivateFile.create(destination.path), pixWrite(destination.path, turned.pix, Int32(IFF_PNG)) == 0 else {
            throw OCRError.unreadable(file: url.lastPathComponent, reason: tr("the turned image could not be written"))
        }
    }

    private func current() throws -> ReceiptScanner {
        let wanted = languages.withLock { $0 }
        let engine = self.engine.withLock { $0 }
        // Built under the lock so parallel first scans share one set of engines.
        return try built.withLock { built in
            if let built, built.languages == wanted, built.engine == engine { return built.scanner }
            var options = OCROptions(languages: wanted, tessdataPath: tessdataPath)
            options.engine = engine
            options.ppocrFiles = ppocrFiles
            let pipeline = try OCRPipeline(options: options, engines: parallelism)
            // Said once per engine chosen, not again when only the languages change.
            if built?.engine != engine, let notice = pipeline.engineNotice {
                FileHandle.standardError.write(Data("plutary: \(notice)\n".utf8))
            }
            let scanner = ReceiptScanner(pipeline: pipeline)
            built = Built(languages: wanted, engine: engine, scanner: scanner)
            return scanner
        }
    }
}
