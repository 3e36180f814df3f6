import Foundation

/// A file mapped read-only into memory, read front to back: what has been read can be handed
/// back, so a 250 MB export does not stay resident while it is imported. The pages are the
/// file's own (a private, never written mapping), so a released page that is read again is
/// simply read from the file again.
final class FileMapping: @unchecked Sendable {
    /// The file's bytes; valid while the mapping lives.
    let data: Data
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    private var released = 0

    init(url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        length = Int(status.st_size)
        guard length > 0 else {
            base = nil
            data = Data()
            return
        }
        let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        base = mapped
        data = Data(bytesNoCopy: mapped, count: length, deallocator: .none)
    }

    deinit {
        if let base { munmap(base, length) }
    }

    /// Drops the whole pages before `offset` from memory (they stay readable). An offset below
    /// the last one starts a new pass over the file, whose pages are dropped as it goes too.
    func release(before offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, length) / page * page
        if end < released { released = 0 }
        guard let base, end > released else { return }
        _ = madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
