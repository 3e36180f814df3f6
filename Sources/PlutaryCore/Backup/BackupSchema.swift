import Foundation
import GRDB

/// A backup's database may come from anywhere, and a trigger or view in it
/// would run inside the store once restored: only the objects this app's own
/// migrations create (up to the backup's last one) are accepted.
enum BackupSchema {
    /// What in `db` the migrations do not create, or what they create and it lacks; nil when it is the app's own schema.
    static func problem(in db: Database) throws -> String? {
        guard let last = try Schema.migrator.appliedMigrations(db).last else { return "no Plutary schema" }
        let reference = try DatabaseQueue()
        try Schema.migrator.migrate(reference, upTo: last)
        let expected = try reference.read(objects)
        let found = try objects(db)
        if let foreign = found.subtracting(expected).sorted().first { return "unexpected \(foreign)" }
        if let missing = expected.subtracting(found).sorted().first { return "missing \(missing)" }
        return nil
    }

    /// Every schema object as "type “name”: sql", SQLite's own bookkeeping left out.
    private static func objects(_ db: Database) throws -> Set<String> {
        Set(try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").map { row in
            "\(row["type"] as String) “\(row["name"] as String)”: \(row["sql"] as String? ?? "")"
        })
    }
}
