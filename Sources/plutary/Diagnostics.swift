import Foundation

/// Messages for people go to standard error, so standard output stays the data.
enum Diagnostics {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func say(_ line: String) {
        write(line + "\n")
    }
}
