import Foundation
import GtkKit

/// File names as the kernel gave them. A name that is not valid UTF-8 has no Swift
/// String (argv is decoded with replacement characters), so such a file is found among the
/// raw arguments and read through `LocalFile`, which copies it under a name that is.
enum RawFileArguments {
    /// A URL each file argument can be read from, in order. Copies stay until
    /// `LocalFile.removeCopies()`.
    static func readableURLs(for files: [String]) throws -> [URL] {
        var raw: [UnsafeMutablePointer<CChar>] = []
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil { raw.append(argument) }
        }
        return try files.map { file in
            guard !FileManager.default.fileExists(atPath: file),
                  let original = raw.first(where: { String(cString: $0) == file }) else { return URL(fileURLWithPath: file) }
            return try LocalFile.url(ofRawPath: original)
        }
    }
}
