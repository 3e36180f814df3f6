import Foundation

/// Receipts are private: the folders Plutary creates are the owner's alone
/// (0700) and the files it writes too (0600), whatever the umask says.
public enum PrivateFile {
    public static let folderMode: Int = 0o700
    public static let fileMode: Int = 0o600

    /// Creates `folder` and any missing parents as the owner's alone; an existing folder keeps its mode.
    public static func createFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: folderMode])
    }

    /// Creates an empty file at `path` with `mode` (the owner's alone unless given), replacing any file there.
    @discardableResult
    public static func create(_ path: String, mode: Int = fileMode) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { return false }
        // open(2) applies the umask; fchmod does not.
        fchmod(descriptor, mode_t(mode))
        close(descriptor)
        return true
    }

    /// Makes the files at `paths` that exist the owner's alone.
    public static func restrict(_ paths: String...) {
        for path in paths { chmod(path, mode_t(fileMode)) }
    }

    /// The permission bits of the file at `path`, nil when there is none.
    public static func mode(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode) & 0o7777 : nil
    }
}
