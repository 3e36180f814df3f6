#if canImport(Glibc)
import Glibc
#endif

/// Background scanning keeps every core busy; a lower scheduling priority for
/// its threads keeps the window's main loop answering at once on a loaded machine.
public enum ThreadPriority {
    /// Raises the calling thread's niceness for the rest of its life. On Linux the
    /// nice value is per thread, and `who == 0` means the calling thread. Only for
    /// threads of one's own: an unprivileged thread can never lower it again.
    public static func lowerCurrentThread(to niceness: Int32 = 10) {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, max(getpriority(which, 0), niceness))
        #endif
    }
}
