import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// The line items' inserts bind through SQLite's C API: every value must arrive as GRDB stores
/// it, and a failing insert must throw (rolling the import back), not pass silently.
struct RowInsertTests {
    @Test func valuesArriveAsGRDBStoresThem() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            for table in ["direct", "grdb"] {
                try db.execute(sql: "CREATE TABLE \(table)(id INTEGER PRIMARY KEY, name TEXT, amount INTEGER, note TEXT)")
            }
            let insert = try RowInsert(db, sql: "INSERT INTO direct(name, amount, note) VALUES (?, ?, ?)")
            let names = ["Käse 🧀 200 g", "", "a\u{0}b", "short", String(repeating: "長", count: 300)]
            for (position, name) in names.enumerated() {
                let amount: Int64? = position == 1 ? nil : (Int64(position) - 2) << 40
                try insert.run(.text(name), .integer(amount), .text(nil))
                #expect(db.lastInsertedRowID == Int64(position) + 1)
                try db.execute(sql: "INSERT INTO grdb(name, amount, note) VALUES (?, ?, ?)", arguments: [name, amount, nil])
            }
            let columns = "id, hex(name), amount, typeof(amount), typeof(note)"
            let direct = try Row.fetchAll(db, sql: "SELECT \(columns) FROM direct ORDER BY id")
            #expect(direct == (try Row.fetchAll(db, sql: "SELECT \(columns) FROM grdb ORDER BY id")))
            #expect(direct.map { $0[3] as String } == ["integer", "null", "integer", "integer", "integer"])
        }
    }

    @Test func aFailingInsertThrowsAndTheStatementRunsAgain() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t(name TEXT NOT NULL UNIQUE)")
            let insert = try RowInsert(db, sql: "INSERT INTO t(name) VALUES (?)")
            try insert.run(.text("one"))
            #expect { try insert.run(.text("one")) } throws: { ($0 as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT }
            #expect { try insert.run(.text(nil)) } throws: { ($0 as? DatabaseError)?.message?.contains("NOT NULL") == true }
            try insert.run(.text("two"))
            #expect(try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY name") == ["one", "two"])
        }
    }
}
