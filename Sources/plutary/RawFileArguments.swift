import Foundation

/// File names as the kernel gave them. A name that is not valid UTF-8 has no Swift
/// String (argv is decoded with replacement characters), so such a file is copied under
/// a name that is, and read from there.
enum RawFileArguments {
    /// A URL each file argument can be read from, in order.
    static func readableURLs(for files: [String], copyingInto folder: URL) throws -> [URL] {
        var raw: [UnsafeMutablePointer<CChar>] = []
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil { raw.append(argument) }
        }
        return try files.enumerated().map { index, file in
            guard !FileManager.default.fileExists(atPath: file),
                  let original = raw.first(where: { String(cString: $0) == file }) else { return URL(fileURLWithPath: file) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent("\(index).\(URL(fileURLWithPath: file).pathExtension)")
            try Data(readingRawPath: original).write(to: copy)
            return copy
        }
    }
}

private extension Data {
    /// The whole file at a path given as bytes.
    init(readingRawPath path: UnsafePointer<CChar>) throws {
        guard let file = fopen(path, "rb") else { throw CocoaError(.fileReadNoSuchFile) }
        defer { fclose(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            data.append(buffer, count: count)
        }
        guard ferror(file) == 0 else { throw CocoaError(.fileReadUnknown) }
        self = data
    }
}
