import Foundation
import Testing

/// `plutary acquire` on SANE's test backend: output as `plutary scan` prints it.
@Suite(.serialized)
final class AcquireCommandTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-acquire-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func printsOneJSONLinePerSheetAndSavesEach() throws {
        let data = directory.appendingPathComponent("data").path
        let run = try PlutaryBinary.run(["acquire", "--device", "test:0", "--json", "--resolution", "50", "--source", "adf",
                                         "--engine", "tesseract", "--save", "--data-dir", data],
                                        environment: SANETestBackend.environment, directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.map { $0["source"] as? String } == (1...10).map { "test:0#\($0)" })
        #expect(lines.allSatisfy { $0["ocr_engine"] as? String == "tesseract" && $0["line_items"] is [Any] })
        // Saved: each sheet is the same grid, so the second and later are the first receipt again.
        let id = try #require(lines.first?["id"] as? String)
        #expect(lines.dropFirst().allSatisfy { $0["id"] as? String == id })
    }

    @Test func listsDevicesAndNamesAMissingOne() throws {
        let list = try PlutaryBinary.run(["acquire", "--list"], environment: SANETestBackend.environment, directory: directory)
        #expect(list.status == 0 && list.stdout == "test:0\tNoname frontend-tester\n")
        let missing = try PlutaryBinary.run(["acquire", "--device", "test:7"], environment: SANETestBackend.environment, directory: directory)
        #expect(missing.status == 1 && missing.stderr.contains("No scanner named test:7 was found."))
    }
}
