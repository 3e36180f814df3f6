import CTesseract
import Foundation
import PlutaryOCR
import Synchronization
import Testing

/// What `plutary scan` does with a batch: every bad file gives one error naming it, and
/// the receipts after it are still read, in input order.
@Suite struct BatchRobustnessTests {
    @Test func badFilesNeverStopTheBatch() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var receipt: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        var dot: UnsafeMutablePointer<PIX>? = pixCreate(1, 1, 8)
        defer { pixDestroy(&receipt); pixDestroy(&dot) }
        let jpeg = ReceiptImageFactory.encode(receipt!, jpeg: true)
        // A PNG header claiming 20000×20000 pixels.
        var huge: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        huge += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        huge += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        let files: [(String, Data)] = [
            ("empty.jpg", Data()),
            ("notes.jpg", Data("TOTAL 41.02\n".utf8)),
            ("cut.jpg", jpeg.prefix(jpeg.count / 2)),
            ("dot.png", ReceiptImageFactory.encode(dot!, jpeg: false)),
            ("huge.png", Data(huge)),
            ("good.jpg", jpeg),
        ]
        var urls: [URL] = []
        for (name, data) in files {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            urls.append(url)
        }

        let seen = Mutex([(Int, Result<ReceiptScanner.Scan, Error>)]())
        ReceiptScanner(pipeline: TestPipelines.english).scanAll(urls, jobs: 2) { index, result in
            seen.withLock { $0.append((index, result)) }
        }
        let results = seen.withLock { $0 }
        #expect(results.map(\.0) == Array(0..<files.count))
        for (index, result) in results.dropLast() {
            guard case .failure(let error) = result else { Issue.record("\(files[index].0) was read"); continue }
            let message = error.localizedDescription
            #expect(message.hasPrefix(files[index].0 + ": ") && !message.contains("\n"), "\(message)")
        }
        guard case .success(let scan) = results.last?.1 else { Issue.record("the good receipt failed"); return }
        #expect(scan.payload.totalAmount == "41.02")
        #expect(scan.payload.source == urls.last?.path)
    }
}
