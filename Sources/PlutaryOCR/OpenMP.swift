import Foundation

/// Debian's Tesseract is built with OpenMP and spreads each line over 4 threads. On a small
/// machine that runs 4-5× slower than one thread, and with one engine per core it
/// oversubscribes. libgomp reads OMP_THREAD_LIMIT once, when the library loads (before any
/// Swift code runs), so setting the variable now is too late; instead call
/// `omp_set_max_active_levels(0)` (found at run time: Tesseract may be built without OpenMP),
/// which makes every parallel region run on the calling thread. The setting is per thread in
/// recent libgomp, so it is applied on each thread before recognising.
enum OpenMP {
    private typealias SetInt = @convention(c) (Int32) -> Void

    /// The address of `omp_set_max_active_levels`, or 0 if the process has no OpenMP runtime.
    private static let setMaxActiveLevelsAddress: Int = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "omp_set_max_active_levels")
        else { return 0 }
        return Int(bitPattern: symbol)
    }()

    /// Serialises Tesseract's OpenMP regions on the calling thread.
    static func useSingleThreadOnCurrentThread() {
        guard let symbol = UnsafeRawPointer(bitPattern: setMaxActiveLevelsAddress) else { return }
        unsafeBitCast(symbol, to: SetInt.self)(0)
    }
}
