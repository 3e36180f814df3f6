import GRDB

/// The SQL condition on `receipts r` that selects an export scope.
struct ExportQuery {
    let condition: String
    let arguments: StatementArguments

    init(scope: ExportScope) {
        var clauses: [String] = []
        var arguments = StatementArguments()
        if let search = scope.search, let query = SearchQuery.fts(search) {
            clauses.append("r.seq IN (SELECT rowid FROM receipt_search WHERE receipt_search MATCH ?)")
            arguments += [query]
        }
        if let ids = scope.receiptIds {
            // One JSON argument instead of thousands of placeholders for a large selection.
            clauses.append("r.id IN (SELECT value FROM json_each(?))")
            let json = "[" + ids.map { "\"" + Self.jsonEscaped($0) + "\"" }.joined(separator: ",") + "]"
            arguments += [json]
        }
        if let since = scope.since {
            clauses.append("r.purchase_date >= ?")
            arguments += [since]
        }
        if let until = scope.until {
            clauses.append("r.purchase_date <= ?")
            arguments += [until]
        }
        condition = clauses.isEmpty ? "1" : clauses.joined(separator: " AND ")
        self.arguments = arguments
    }

    private static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Export order: oldest purchase first, as a spreadsheet or ledger reads.
    static let order = "r.purchase_date, r.seq"
}
