import Foundation

/// Copies an images folder so that a kill at any moment leaves every file
/// either whole under its own name or under a hidden temporary one: each is
/// written to `.NAME.partial`, flushed to disk, checked (size and SHA-256
/// against the source) and only then renamed. A file already at the target is
/// checked the same way and copied again when it differs (a truncated image
/// left by an older version is not kept forever).
struct ImageCopier {
    let source: URL
    let target: URL
    /// Images are named by their SHA-256: a restore refuses a backup whose image
    /// no longer matches its name rather than bringing it back damaged.
    var requireMatchingNames = false

    struct Outcome {
        /// Files written (absent or different before).
        var copied: [URL] = []
        var total = 0
    }

    func copy() throws -> Outcome {
        let fileManager = FileManager.default
        var outcome = Outcome()
        guard let walker = fileManager.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey],
                                                  options: [.skipsHiddenFiles]) else { return outcome }
        for case let file as URL in walker {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            outcome.total += 1
            let relative = String(file.path.dropFirst(source.path.count).drop { $0 == "/" })
            let destination = target.appendingPathComponent(relative)
            do {
                let expected = try SHA256.hex(ofFileAt: file)
                if requireMatchingNames, let named = Self.hash(named: file), named != expected {
                    throw BackupError.damaged(path: source.deletingLastPathComponent().path,
                                              reason: String(format: "%@ does not match its SHA-256", relative))
                }
                if Self.matches(destination, hash: expected, size: Self.size(of: file)) { continue }
                try Self.copyFile(file, to: destination, hash: expected)
                outcome.copied.append(destination)
            } catch let error as BackupError {
                throw error
            } catch {
                throw BackupError.failed(reason: error.localizedDescription)
            }
        }
        return outcome
    }

    /// The hash an image's name gives ("<64 hex digits>.<ext>"), nil for other names.
    static func hash(named file: URL) -> String? {
        let stem = file.deletingPathExtension().lastPathComponent
        return stem.count == 64 && stem.allSatisfy(\.isHexDigit) ? stem.lowercased() : nil
    }

    private static func matches(_ file: URL, hash: String, size: Int64?) -> Bool {
        guard FileManager.default.fileExists(atPath: file.path), Self.size(of: file) == size else { return false }
        return (try? SHA256.hex(ofFileAt: file)) == hash
    }

    private static func copyFile(_ file: URL, to destination: URL, hash: String) throws {
        let folder = destination.deletingLastPathComponent()
        try PrivateFile.createFolder(folder)
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).partial")
        guard PrivateFile.create(temporary.path) else {
            throw BackupError.failed(reason: "cannot create \(temporary.path)")
        }
        do {
            let input = try FileHandle(forReadingFrom: file)
            defer { try? input.close() }
            let output = try FileHandle(forWritingTo: temporary)
            defer { try? output.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
            // On disk before the rename, so the name never points at data the kernel still holds.
            try output.synchronize()
            guard size(of: temporary) == size(of: file), try SHA256.hex(ofFileAt: temporary) == hash else {
                throw BackupError.failed(reason: "the copy of \(file.lastPathComponent) does not match it (the source changed or the disk failed)")
            }
            guard rename(temporary.path, destination.path) == 0 else { throw BackupError.failed(reason: String(cString: strerror(errno))) }
            syncFolder(folder)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Flushes a folder, so a rename in it survives a power cut.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func size(of file: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value
    }
}
