import Foundation
import PlutaryCore
import PlutaryOCR
import Testing

struct UploadImageEncoderTests {
    @Test func largeImagesAreDownscaledAndSentAsJPEG() throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestImage.write(width: 3000, height: 1200, in: directory)
        let encoded = try UploadImageEncoder().encode(fileAt: url)
        #expect(encoded.width == 2000 && encoded.height == 800)
        #expect(encoded.jpeg.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(encoded.jpeg.count < (try Data(contentsOf: url)).count / 10)
        let small = try UploadImageEncoder().encode(fileAt: try TestImage.write(width: 400, height: 300, in: directory, name: "small.ppm"))
        #expect(small.width == 400 && small.height == 300)
    }

    /// Async code (the upload queue, the settings' preview) awaits the same encoding, done on a worker thread.
    @Test func awaitedEncodingIsTheSame() async throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestImage.write(width: 3000, height: 1200, in: directory)
        let awaited = try await UploadImageEncoder().encode(fileAt: url)
        #expect(awaited == (try Self.encodedInLine(url)))
        let notAnImage = TestImage.temporaryDirectory().appendingPathExtension("jpg")
        defer { try? FileManager.default.removeItem(at: notAnImage) }
        try Data("not an image".utf8).write(to: notAnImage)
        await #expect(throws: OCRError.self) { try await UploadImageEncoder().encode(fileAt: notAnImage) }
    }

    private static func encodedInLine(_ url: URL) throws -> PreparedUpload {
        try UploadImageEncoder().encode(fileAt: url)
    }

    @Test func aFileThatIsNotAnImageIsRefused() throws {
        let url = TestImage.temporaryDirectory().appendingPathExtension("jpg")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("not an image".utf8).write(to: url)
        #expect(throws: OCRError.self) { try UploadImageEncoder().encode(fileAt: url) }
    }
}
