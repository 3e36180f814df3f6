import GRDB

extension ProductMatcher {
    /// The matcher over the store's products, aliases and abbreviation table.
    static func load(_ db: Database) throws -> ProductMatcher {
        var matcher = ProductMatcher(abbreviations: try abbreviations(db))
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM products ORDER BY id") {
            let name: String = row["name"]
            matcher.add(id: row["id"], key: matcher.key(for: name))
        }
        for row in try Row.fetchAll(db, sql: "SELECT normalized_name, product_id FROM product_aliases") {
            matcher.addAlias(row["normalized_name"], id: row["product_id"])
        }
        return matcher
    }

    static func abbreviations(_ db: Database) throws -> AbbreviationTable {
        var table = AbbreviationTable([:])
        for row in try Row.fetchAll(db, sql: "SELECT abbreviation, expansion FROM product_abbreviations") {
            table.set(row["abbreviation"], row["expansion"])
        }
        return table
    }
}
