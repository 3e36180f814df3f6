import Foundation
import Testing
@testable import PlutaryCore

struct ImageLibraryTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func theSameImageTwiceIsStoredOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = ImageLibrary(database: try AppDatabase.open(at: StoreLocation(directory: dir)))
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("copy.PNG")
        try Data("pretend png".utf8).write(to: a)
        try Data("pretend png".utf8).write(to: b)
        let first = try library.add(fileAt: a)
        let second = try library.add(fileAt: b)
        #expect(first.isNew && !second.isNew)
        #expect(first.sha256 == second.sha256 && first.path == second.path)
        #expect(first.path.hasPrefix(dir.appendingPathComponent("images").path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.path)) == Data("pretend png".utf8))
        #expect(try scalar(library.database, "SELECT COUNT(*) FROM image_files") == 1)
    }
}
