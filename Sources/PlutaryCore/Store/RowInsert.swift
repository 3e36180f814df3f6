import GRDB
import GRDBSQLite

/// An insert a write runs for every receipt and line item (over two million rows for a
/// 100 000-receipt import): its values are bound with SQLite's C API and the statement stepped
/// directly. Through GRDB's StatementArguments each row boxed every value and built two arrays,
/// which with GRDB's binding cost the import's writer two thirds of what SQLite's own inserts did.
/// Steps taken this way are not seen by GRDB's per-statement transaction observation; the store's
/// only observer counts commits.
struct RowInsert {
    private let statement: Statement
    private let db: Database

    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
    }

    /// Binds `values` to the statement's parameters, in order, and runs it.
    func run(_ values: RowInsertValue...) throws {
        let sqlite = statement.sqliteStatement
        sqlite3_reset(sqlite)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .integer(let number?): sqlite3_bind_int64(sqlite, index, number)
            case .text(let text?): Self.bind(text, to: sqlite, at: index)
            case .integer(nil), .text(nil): sqlite3_bind_null(sqlite, index)
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
        let code = sqlite3_step(sqlite)
        sqlite3_reset(sqlite)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// As GRDB binds text: up to the first NUL, copied by SQLite (SQLITE_TRANSIENT).
    private static func bind(_ text: String, to sqlite: OpaquePointer, at index: Int32) -> Int32 {
        text.withCString { sqlite3_bind_text(sqlite, index, $0, -1, transient) }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func error(_ code: Int32) -> DatabaseError {
        let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
