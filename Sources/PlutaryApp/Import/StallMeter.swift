import CGtk
import Foundation
import PlutaryPresentation

/// Measures how long the GTK main loop goes without running while an import
/// scans (a 5 ms tick that notes the longest gap), and reports it on stderr when
/// the import ends. Enabled by PLUTARY_MEASURE_STALLS=1, for the e2e test and benchmarks.
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
        if measuring { longest = max(longest, now.uptimeNanoseconds - last.uptimeNanoseconds) }
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
