import CGtk
import Foundation
import GtkKit
import PlutaryPresentation

/// Measures how long the GTK main loop goes without running (a 5 ms tick that
/// notes the longest gap) and reports on stderr: while an import scans, when it
/// ends; every stall over PLUTARY_STALL_MS (default 50) as it happens, with how
/// much of it the main thread spent working and what the window was doing; and at start-up the first frame that shows the receipts
/// and the resident memory then. Enabled by PLUTARY_MEASURE_STALLS=1 or
/// PLUTARY_STALL_MS, for the e2e test and benchmarks (read from outside too:
/// keep the line formats).
@MainActor
final class StallMeter {
    private var last = DispatchTime.now()
    /// The main thread's CPU time at the last tick: a gap it spent mostly waiting for a
    /// core (a loaded machine) is told apart from one it spent working.
    private var lastBusy = StallMeter.threadCPUTime()
    /// The main thread's time runnable but not running, from the kernel's schedstat (opened
    /// on the main thread, so it stays that thread's): a gap's time waiting for a core, measured.
    private let schedstat = open("/proc/thread-self/schedstat", O_RDONLY)
    private var lastWaiting: UInt64 = 0
    private var longest: UInt64 = 0
    private var measuring = false
    private let threshold: UInt64
    private var clock: Object?
    private var paintHandler: UInt = 0

    private init(thresholdMs: Double) {
        threshold = UInt64(thresholdMs * 1e6)
    }

    static func startIfRequested() -> StallMeter? {
        let environment = ProcessInfo.processInfo.environment
        let custom = environment["PLUTARY_STALL_MS"].flatMap(Double.init)
        guard environment["PLUTARY_MEASURE_STALLS"] == "1" || custom != nil else { return nil }
        let meter = StallMeter(thresholdMs: custom ?? 50)
        meter.start()
        return meter
    }

    func watch(_ importer: ImportViewModel) {
        observe { [weak self, weak importer] in
            guard let self, let importer else { return }
            self.importRunning(importer.isRunning, files: importer.files.count)
        }
    }

    /// Prints `first frame: X ms` (since the process started) after the first frame drawn once
    /// `shown` holds, then `rss: X MB`.
    func reportFirstFrame(of window: Widget, when shown: @escaping @MainActor () -> Bool) {
        window.addTickCallback { [weak self, weak window] in
            guard let self, let window, shown() else { return true }
            let clock = Object(retaining: UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.widget)))
            self.clock = clock
            self.paintHandler = clock.on("after-paint") { [weak self] in self?.firstFramePainted() }
            return false
        }
    }

    private func firstFramePainted() {
        guard let clock else { return }
        clock.disconnect(paintHandler)
        self.clock = nil
        let line = String(format: "first frame: %.0f ms\nrss: %.0f MB\n", ProcessClock.sinceStart() * 1000, ProcessClock.residentMegabytes())
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, 5, { data in
            MainActor.assumeIsolated { Unmanaged<StallMeter>.fromOpaque(data!).takeUnretainedValue().tick() }
            return 1
        }, box, { data in Unmanaged<StallMeter>.fromOpaque(data!).release() })
    }

    private func tick() {
        let now = DispatchTime.now()
        let busy = Self.threadCPUTime()
        let waiting = waitingTime()
        let gap = now.uptimeNanoseconds - last.uptimeNanoseconds
        if measuring { longest = max(longest, gap) }
        if gap > threshold {
            let waited = waiting.map { String(format: ", waiting for a core %.1f ms", Double($0 &- lastWaiting) / 1e6) } ?? ""
            FileHandle.standardError.write(Data(String(format: "stall: %.1f ms, main thread busy %.1f ms%@%@\n", Double(gap) / 1e6,
                                                       Double(busy &- lastBusy) / 1e6, waited,
                                                       measuring ? " (importing)" : "").utf8))
        }
        last = now
        lastBusy = busy
        lastWaiting = waiting ?? 0
    }

    /// Nanoseconds the main thread has spent runnable on a run queue (schedstat's second field),
    /// nil where the kernel does not say.
    private func waitingTime() -> UInt64? {
        guard schedstat >= 0 else { return nil }
        // Read every 5 ms: the second of its numbers is parsed from the bytes, no strings.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> UInt64? in
            let count = pread(schedstat, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            var field = 0
            var value: UInt64 = 0
            for byte in buffer[..<count] {
                if byte == UInt8(ascii: " ") {
                    if field == 1 { return value }
                    field += 1
                } else if field == 1, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                }
            }
            return nil
        }
    }

    /// Nanoseconds of CPU this thread has used.
    private static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private func importRunning(_ running: Bool, files: Int) {
        if running, !measuring {
            longest = 0
            last = DispatchTime.now()
            measuring = true
        } else if !running, measuring {
            measuring = false
            FileHandle.standardError.write(Data(String(format: "import: %d files, longest main-loop stall %.1f ms\n",
                                                       files, Double(longest) / 1e6).utf8))
        }
    }
}
