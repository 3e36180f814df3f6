import Foundation

/// The cores this process may run on. `ProcessInfo.activeProcessorCount` counts the machine's
/// online cores even when the process is confined to fewer (`taskset`, a container's cpuset,
/// a CI runner), and sizing threads by it then oversubscribes the cores it has.
public enum UsableCores {
    /// The cores in the calling thread's affinity list (a new thread inherits its creator's),
    /// at least 1 and at most the online cores. (Glibc's `sched_getaffinity` is not imported
    /// into Swift; the kernel states the list in /proc.)
    public static var count: Int {
        let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }),
              let allowed = count(inList: line.dropFirst("Cpus_allowed_list:".count)) else { return online }
        return min(online, max(1, allowed))
    }

    /// The cores in a kernel CPU list ("0-3,6" is 5); nil when it is not one.
    static func count(inList list: Substring) -> Int? {
        var total = 0
        for range in list.split(separator: ",") {
            let ends = range.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(ends.count), let first = ends.first!, let last = ends.last!, last >= first else { return nil }
            total += last - first + 1
        }
        return total > 0 ? total : nil
    }
}
