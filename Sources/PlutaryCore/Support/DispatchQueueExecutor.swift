import Dispatch

/// A serial executor on a dispatch queue of its own, for an actor whose steps block
/// (synchronous SQLite calls): its thread comes from libdispatch's ordinary pool, never
/// from Swift's cooperative pool, which has one thread per core and must not block.
/// GRDB's async reads hand their connection back only once they resume on the
/// cooperative pool, so a synchronous read there that waits for a connection can
/// wait forever: on two cores, two such reads stopped every read in the app.
public final class DispatchQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}
