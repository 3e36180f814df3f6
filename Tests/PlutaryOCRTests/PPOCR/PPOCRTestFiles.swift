import Foundation
import PlutaryOCR
import Testing

/// PP-OCR's library and models as `make deps` unpacks them into this checkout's .build/ppocr;
/// nil on a machine where that has not run (the tests that need them are then skipped).
enum PPOCRTestFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let files: PPOCRFiles? = PPOCRFiles.find(
        libraryDirectories: [root.appendingPathComponent(".build/ppocr/lib")],
        modelDirectories: [root.appendingPathComponent(".build/ppocr/models")])

    static var available: Bool { files != nil }
    static let skipReason: Comment = "PP-OCR is not unpacked into .build/ppocr: run `make deps` to test with the real models"
}
