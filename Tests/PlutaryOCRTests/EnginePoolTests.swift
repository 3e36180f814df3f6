import CTesseract
import Dispatch
import Foundation
import PlutaryOCR
import Synchronization
import Testing

@Suite struct EnginePoolTests {
    private static func receipts(_ totals: [String]) -> [Data] {
        totals.map { total in
            var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(
                lines: ["SHOP", "TOTAL  \(total)"], degrees: 0, noise: false)
            defer { pixDestroy(&pix) }
            return ReceiptImageFactory.encode(pix!, jpeg: false)
        }
    }

    @Test func batchKeepsInputOrderAndReusesEngines() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let totals = ["11.11", "22.22", "33.33", "44.44", "55.55", "66.66"]
        var urls: [URL] = []
        for (index, data) in Self.receipts(totals).enumerated() {
            let url = folder.appendingPathComponent("r\(index).png")
            try data.write(to: url)
            urls.append(url)
        }
        urls.append(folder.appendingPathComponent("missing.png"))

        let pipeline = try OCRPipeline(options: OCROptions(), engines: 2)
        #expect(pipeline.engineInitializations == 1)  // One at once, to surface language errors.
        let reported = Mutex<[Int]>([])
        let results = pipeline.recognizeAll(urls, jobs: 4) { index, _ in reported.withLock { $0.append(index) } }

        #expect(results.count == urls.count)
        for (index, total) in totals.enumerated() {
            #expect(try results[index].get().text.contains(total))
        }
        #expect(throws: OCRError.self) { try results[6].get() }
        #expect(reported.withLock { $0.sorted() } == Array(0..<urls.count))
        #expect(pipeline.engineInitializations <= 2)

        _ = pipeline.recognizeAll(urls, jobs: 2)
        #expect(pipeline.engineInitializations <= 2)  // The second batch loads no model.
    }

    @Test func recognizeFromManyThreadsAtOnce() throws {
        let images = Self.receipts(["10.01", "20.02", "30.03", "40.04", "50.05", "60.06", "70.07", "80.08"])
        let pipeline = try OCRPipeline(options: OCROptions(), engines: 3)
        let texts = Mutex([String](repeating: "", count: images.count))
        DispatchQueue.concurrentPerform(iterations: images.count) { index in
            let text = (try? pipeline.recognize(data: images[index], name: "t\(index).png").text) ?? "failed"
            texts.withLock { $0[index] = text }
        }
        let read = texts.withLock { $0 }
        for (index, total) in ["10.01", "20.02", "30.03", "40.04", "50.05", "60.06", "70.07", "80.08"].enumerated() {
            #expect(read[index].contains(total))
        }
        #expect(pipeline.engineInitializations <= 3)
    }
}
