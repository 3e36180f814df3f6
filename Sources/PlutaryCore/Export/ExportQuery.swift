import GRDB

/// The SQL condition on `receipts r` that selects an export scope.
struct ExportQuery {
    let condition: String
    let arguments: StatementArguments

    init(scope: ExportScope) {
        var receipts = ReceiptCondition()
        receipts.matching(scope.search)
        receipts.ids(scope.receiptIds)
        receipts.purchased(from: scope.since, through: scope.until)
        receipts.category(scope.category, uncategorisedOnly: scope.uncategorisedOnly)
        condition = receipts.sql
        arguments = receipts.arguments
    }

    /// Export order: oldest purchase first, as a spreadsheet or ledger reads.
    static let order = "r.purchase_date, r.seq"
}
