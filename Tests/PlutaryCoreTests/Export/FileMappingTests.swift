import Foundation
import Testing
@testable import PlutaryCore

/// An import maps its file and hands back what it has read, so a large export does not stay in memory.
struct FileMappingTests {
    /// This process's resident memory, in pages.
    private func residentPages() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        return Int(statm.split(separator: " ")[1]) ?? -1
    }

    @Test func releasedPagesLeaveMemoryAndStillRead() throws {
        let url = try temporaryFolder().appendingPathComponent("big.json")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = 16_384 // 64 MB: far above what other tests allocate meanwhile
        var content = Data(repeating: 0x5A, count: pages * page)
        content[pages * page / 3] = 0x7B // the comparisons below must see this byte where it was written
        try content.write(to: url)
        let mapping = try FileMapping(url: url)
        #expect(mapping.data == content)
        let read = try residentPages()
        mapping.release(before: pages * page * 3 / 4)
        let released = try residentPages()
        #expect(read - released >= pages / 2)
        // Released pages still read (from the file), and a second pass is released as it goes.
        #expect(mapping.data.prefix(pages * page / 2) == content.prefix(pages * page / 2))
        let reread = try residentPages()
        #expect(reread - released >= pages / 4)
        mapping.release(before: pages * page / 2)
        #expect(reread - (try residentPages()) >= pages / 4)
        #expect(mapping.data == content)
    }

    @Test func anEmptyOrMissingFileIsHandled() throws {
        let folder = try temporaryFolder()
        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(try FileMapping(url: empty).data.isEmpty)
        #expect(throws: (any Error).self) { try FileMapping(url: folder.appendingPathComponent("missing.json")) }
    }
}
