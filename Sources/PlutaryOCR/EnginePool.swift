import Dispatch
import Synchronization

/// A fixed number of Tesseract engines, each initialised once (lazily, on first demand beyond
/// the idle ones) and lent to one thread at a time. The semaphore counts engines not lent out;
/// the mutex guards the idle list, so checkout and checkin are safe from any thread.
final class EnginePool: Sendable {
    private struct State {
        var idle: [TesseractEngine] = []
        var created = 0
    }

    let capacity: Int
    private let available: DispatchSemaphore
    private let state = Mutex(State())
    private let makeEngine: @Sendable () throws -> TesseractEngine
    /// Engines are made one at a time: Tesseract's initialisation touches process-wide state.
    private let creation = Mutex(())

    init(capacity: Int, makeEngine: @escaping @Sendable () throws -> TesseractEngine) {
        self.capacity = max(1, capacity)
        self.available = DispatchSemaphore(value: self.capacity)
        self.makeEngine = makeEngine
    }

    /// How many engines were initialised so far (each costs a model load).
    var enginesCreated: Int { state.withLock { $0.created } }

    /// Initialises one engine now, so configuration errors surface at once.
    func prewarm() throws {
        try withEngine { _ in }
    }

    /// Borrows an engine for `body`, waiting while all are lent out.
    func withEngine<T>(_ body: (TesseractEngine) throws -> T) throws -> T {
        available.wait()
        defer { available.signal() }
        let idle: TesseractEngine? = state.withLock { state in
            if let engine = state.idle.popLast() { return engine }
            state.created += 1
            return nil
        }
        let engine: TesseractEngine
        if let idle {
            engine = idle
        } else {
            do {
                // Outside the state lock: a model load takes a while and must not block checkins.
                engine = try creation.withLock { _ in try makeEngine() }
            } catch {
                state.withLock { $0.created -= 1 }
                throw error
            }
        }
        defer { state.withLock { $0.idle.append(engine) } }
        return try body(engine)
    }
}
