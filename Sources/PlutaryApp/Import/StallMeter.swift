import CGtk
import Foundation
import PlutaryPresentation

/// Measures how long the GTK main loop goes without running (a 5 ms tick that
/// notes the longest gap) and reports on stderr: while an import scans, when it
/// ends; and every stall over 50 ms as it happens, with what the window was doing.
/// Enabled by PLUTARY_MEASURE_STALLS=1, for the e2e test and benchmarks.
@MainActor
final class StallMeter {
    private var last = DispatchTime.now()
    private var longest: UInt64 = 0
    private var measuring = false

    static func attachIfRequested(to importer: ImportViewModel) -> StallMeter? {
        guard ProcessInfo.processInfo.environment["PLUTARY_MEASURE_STALLS"] == "1" else { return nil }
        let meter = StallMeter()
        meter.start()
        observe { [weak meter, weak importer] in
            guard let meter, let importer else { return }
            meter.importRunning(importer.isRunning, files: importer.files.count)
        }
        return meter
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
        let gap = now.uptimeNanoseconds - last.uptimeNanoseconds
        if measuring { longest = max(longest, gap) }
        if gap > 50_000_000 {
            FileHandle.standardError.write(Data(String(format: "stall: %.1f ms%@\n", Double(gap) / 1e6, measuring ? " (importing)" : "").utf8))
        }
        last = now
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
