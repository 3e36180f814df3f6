import GRDB
import Synchronization

/// Counts the transactions committed through the store's writer (`AppDatabase.generation`):
/// a list read at one count is still current while the count stays the same.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func bump() { count.wrappingAdd(1, ordering: .releasing) }

    // Only commits count: which rows changed is not asked for (no cost per statement).
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { bump() }
    func databaseDidRollback(_ db: Database) {}
}
