import Foundation
import GRDB

extension ReceiptRepository {
    /// Saved receipts from the same image, or with the same merchant (any case),
    /// date, total and currency; the receipt itself (`payload.id`) is left out.
    public func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch] {
        let currency = payload.currency?.trimmingCharacters(in: .whitespaces).uppercased() ?? ""
        let merchant = payload.merchantName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let date = payload.purchaseDate?.trimmingCharacters(in: .whitespaces) ?? ""
        let total = payload.totalAmount.flatMap { AmountText.money($0, currency: currency.isEmpty ? "XXX" : currency) }
        let image = payload.imageSha256 ?? ""
        let hasDetails = !merchant.isEmpty && !date.isEmpty && !currency.isEmpty && total != nil
        guard !image.isEmpty || hasDetails else { return [] }
        return try await database.writer.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT r.id, r.purchase_date, m.name AS merchant, c.name AS category, r.currency, r.total_minor,
                       r.is_fixture, (SELECT COUNT(*) FROM line_items li WHERE li.receipt_id = r.id) AS item_count,
                       (r.image_sha256 = :image) AS same_image
                FROM receipts r
                LEFT JOIN merchants m ON m.id = r.merchant_id
                LEFT JOIN categories c ON c.id = r.category_id
                WHERE r.id != :id AND ((:image != '' AND r.image_sha256 = :image)
                    OR (:details AND m.name = :merchant AND r.purchase_date = :date AND r.total_minor = :total
                        AND r.currency = :currency))
                ORDER BY same_image DESC, r.purchase_date DESC, r.seq DESC
                """, arguments: [
                    "id": payload.id ?? "", "image": image, "details": hasDetails, "merchant": merchant, "date": date,
                    "total": total?.minorUnits, "currency": currency,
                ])
            return rows.map { row in
                DuplicateMatch(receipt: Self.summary(from: row), reason: (row["same_image"] as Bool? ?? false) ? .sameImage : .sameDetails)
            }
        }
    }
}
