import ArgumentParser
import Foundation
import PlutaryOCR

/// `plutary find-paper`: where the paper finder sees the receipt in each image, without OCR
/// (for the photo benchmark's corner measure, which scores it against the photos' true corners).
struct FindPaperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find-paper",
        abstract: "Print the receipt's corners found in each image (upright pixels), one JSON line per file; null: read whole.",
        shouldDisplay: false)

    @Argument(help: "Images.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            var line: [String: Any] = ["source": file]
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                let found = try OCRPipeline.findPaper(data: data, name: file, maxMegapixels: OCROptions().maxMegapixels)
                line["paper"] = found.paper.map { $0.corners.map { [$0.x, $0.y] } } ?? NSNull()
                (line["width"], line["height"]) = (found.width, found.height)
            } catch {
                line["error"] = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                failed = true
            }
            let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: json, as: UTF8.self))
        }
        if failed { throw ExitCode(1) }
    }
}
