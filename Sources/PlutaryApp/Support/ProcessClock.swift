import Foundation

/// The process's age and resident memory, from /proc (Linux), for the start-up measurement.
enum ProcessClock {
    /// Seconds since the process started (10 ms resolution: the kernel counts clock ticks).
    static func sinceStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let now = uptime.split(separator: " ").first.flatMap({ Double($0) }),
              let end = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name (which may hold spaces); starttime is field 22, the 20th after it.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// VmRSS in megabytes.
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return kilobytes / 1024
    }
}
