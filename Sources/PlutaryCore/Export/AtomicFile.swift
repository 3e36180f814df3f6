import Foundation

/// A file written under a temporary name beside its destination and renamed
/// into place when complete, so a failed or cancelled write leaves no half file
/// (and an existing file at the destination stays as it was until the rename).
/// A new file is the owner's alone; one written over keeps its mode.
struct AtomicFile {
    let destination: URL
    let temporary: URL
    let handle: FileHandle

    init(destination: URL) throws {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        guard PrivateFile.create(temporary.path, mode: PrivateFile.mode(of: destination.path) ?? PrivateFile.fileMode),
              let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw ExportError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
        self.handle = handle
    }

    /// Syncs the data to disk and renames the file into place.
    func commit() throws {
        try sync()
        try place()
    }

    /// Syncs the data to disk and closes the file: slow (seconds for a large export on a busy
    /// disk), so done before `place`, outside the lock a cancel waits for.
    func sync() throws {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            discard()
            throw ExportError.cannotWrite(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Renames the synced file into place.
    func place() throws {
        // rename(2) replaces an existing destination atomically; FileManager.moveItem refuses to.
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw ExportError.cannotWrite(path: destination.path, reason: reason)
        }
    }

    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}
