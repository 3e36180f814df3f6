/// One value `RowInsert` binds, nil as NULL: what SQLite stores, without GRDB's boxing.
enum RowInsertValue {
    case integer(Int64?)
    case text(String?)
}
