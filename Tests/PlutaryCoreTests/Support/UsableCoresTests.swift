#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import PlutaryCore

struct UsableCoresTests {
    @Test func aCPUListCountsItsCores() {
        #expect(UsableCores.count(inList: "0-3,6") == 5)
        #expect(UsableCores.count(inList: " 0") == 1)
        #expect(UsableCores.count(inList: "2-1") == nil)
        #expect(UsableCores.count(inList: "") == nil)
    }

    /// Confines the test's own thread to one core (as `taskset -c` does to a process), asks, and
    /// restores it. Glibc's affinity calls are not imported into Swift: looked up by name.
    @Test func aThreadConfinedToOneCoreHasOneCoreToUse() throws {
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        let handle = dlopen(nil, RTLD_NOW)
        let get = unsafeBitCast(try #require(dlsym(handle, "sched_getaffinity")), to: Affinity.self)
        let set = unsafeBitCast(try #require(dlsym(handle, "sched_setaffinity")), to: Affinity.self)
        var original = [UInt8](repeating: 0, count: 128)
        try #require(original.withUnsafeMutableBytes { get(0, 128, $0.baseAddress!) } == 0)
        let allowed = original.reduce(0) { $0 + $1.nonzeroBitCount }
        let byte = try #require(original.firstIndex { $0 != 0 })
        var single = [UInt8](repeating: 0, count: 128)
        single[byte] = UInt8(1) << UInt8(original[byte].trailingZeroBitCount)
        try #require(single.withUnsafeMutableBytes { set(0, 128, $0.baseAddress!) } == 0)
        let confined = UsableCores.count
        _ = original.withUnsafeMutableBytes { set(0, 128, $0.baseAddress!) }
        #expect(confined == 1)
        #expect(UsableCores.count == min(allowed, ProcessInfo.processInfo.activeProcessorCount))
    }
}
