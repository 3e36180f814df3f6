import GRDB

/// SQL conditions on `receipts r`, shared by the receipts list's query and an
/// export's scope, so an export takes exactly the receipts the list shows.
struct ReceiptCondition {
    private var clauses: [String] = []
    private(set) var arguments = StatementArguments()

    /// The conditions joined with AND; "1" when nothing restricts.
    var sql: String { clauses.isEmpty ? "1" : clauses.joined(separator: " AND ") }

    /// Through the full-text index, as the list's search field matches.
    mutating func matching(_ search: String?) {
        guard let search, let query = SearchQuery.fts(search) else { return }
        clauses.append("r.seq IN (SELECT rowid FROM receipt_search WHERE receipt_search MATCH ?)")
        arguments += [query]
    }

    /// Purchase days from `first` through `last` (ISO), either end open.
    mutating func purchased(from first: String?, through last: String?) {
        if let first {
            clauses.append("r.purchase_date >= ?")
            arguments += [first]
        }
        if let last {
            clauses.append("r.purchase_date <= ?")
            arguments += [last]
        }
    }

    /// A category on the receipt or on any of its items (as the category chart counts them);
    /// or, with `uncategorisedOnly`, receipts where either is missing.
    mutating func category(_ name: String?, uncategorisedOnly: Bool) {
        if let name {
            clauses.append("""
                (r.category_id IN (SELECT id FROM categories WHERE name = ?)
                 OR EXISTS (SELECT 1 FROM line_items li JOIN categories lc ON lc.id = li.category_id
                            WHERE li.receipt_id = r.id AND lc.name = ?))
                """)
            arguments += [name, name]
        } else if uncategorisedOnly {
            clauses.append("""
                (r.category_id IS NULL OR EXISTS (SELECT 1 FROM line_items li WHERE li.receipt_id = r.id AND li.category_id IS NULL))
                """)
        }
    }

    /// Only these receipts; one JSON argument instead of thousands of placeholders for a large selection.
    mutating func ids(_ ids: [String]?) {
        guard let ids else { return }
        clauses.append("r.id IN (SELECT value FROM json_each(?))")
        arguments += ["[" + ids.map { "\"" + Self.jsonEscaped($0) + "\"" }.joined(separator: ",") + "]"]
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
}
