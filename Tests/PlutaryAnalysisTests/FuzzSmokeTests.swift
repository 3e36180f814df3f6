import Foundation
import Testing

/// A short run of `make fuzz` (Tests/fuzz/fuzz.py): generated inputs through
/// the real binary's parse and import code, none of which may crash it.
@Suite struct FuzzSmokeTests {
    @Test func generatedInputsCrashNeitherParseNorImport() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Tests/fuzz/fuzz.py").path, PlutaryBinary.url.path,
                             "--count", "400", "--batch", "200", "--jobs", "2", "--seed", "\(Int.random(in: 0..<1_000_000))",
                             "--out", out.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("CRASH"), "\(text)")
        #expect(text.contains("| parse | 400 |") && text.contains("| import | 400 |"), "\(text)")
    }
}
