import CGtk
import Foundation

/// A local file as a URL Foundation can open. A name that is not valid UTF-8 (a Latin-1
/// "caf\xE9.jpg" from an old camera or archive) has no Swift String: decoded, it names a file
/// that does not exist. Such a file is copied by GIO, which takes names as bytes, under its
/// display name (the bad bytes shown as "�") into a private folder, and read from there.
public enum LocalFile {
    /// Where this process keeps its copies; `removeCopies()` deletes it.
    static let copies = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-files-\(getpid())", isDirectory: true)

    /// The URL of a GFile's local file, or nil when it has none (a remote location).
    public static func url(of file: OpaquePointer) -> URL? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        if let name = String(validatingCString: path) { return URL(fileURLWithPath: name) }
        return try? readableCopy(of: file)
    }

    /// The URL a path given as bytes (a command-line argument) can be read from.
    public static func url(ofRawPath path: UnsafePointer<CChar>) throws -> URL {
        if let name = String(validatingCString: path) { return URL(fileURLWithPath: name) }
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return try readableCopy(of: file)
    }

    /// Deletes the copies made so far, once nothing reads them any more.
    public static func removeCopies() {
        try? FileManager.default.removeItem(at: copies)
    }

    private static func readableCopy(of file: OpaquePointer) throws -> URL {
        // Each copy in a folder of its own, so two files whose names decode alike both keep theirs.
        let folder = copies.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let display = g_file_get_basename(file).map { raw -> String in
            defer { g_free(raw) }
            return String(decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
        } ?? "file"
        let target = folder.appendingPathComponent(display)
        let destination = g_file_new_for_path(target.path)!
        defer { g_object_unref(UnsafeMutableRawPointer(destination)) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_copy(file, destination, G_FILE_COPY_NONE, nil, nil, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: message])
        }
        return target
    }
}
