import Foundation

/// Receipt-like images written by the tests themselves (binary PPM, which Leptonica reads).
enum TestImage {
    /// A light page with dark bars; `seed` changes the content (and so the SHA-256).
    static func ppm(width: Int, height: Int, seed: Int = 0) -> Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + width * height * 3)
        for y in 0..<height {
            let dark = (y / 12 + seed) % 3 == 0
            for x in 0..<width {
                let value: UInt8 = dark && x % 40 < 30 ? 30 : 235
                data.append(contentsOf: [value, value, value])
            }
        }
        return data
    }

    static func write(width: Int = 300, height: Int = 600, seed: Int = 0, in directory: URL, name: String = "receipt.ppm") throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try ppm(width: width, height: height, seed: seed).write(to: url)
        return url
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("plutary-analysis-\(UUID().uuidString)")
    }
}
