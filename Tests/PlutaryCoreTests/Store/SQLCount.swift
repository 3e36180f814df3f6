import GRDB
@testable import PlutaryCore

/// One integer from a query, for assertions about what the store holds.
func scalar(_ database: AppDatabase, _ sql: String) throws -> Int {
    try database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
}

func text(_ database: AppDatabase, _ sql: String) throws -> String? {
    try database.writer.read { db in try String.fetchOne(db, sql: sql) }
}
