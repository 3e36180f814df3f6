import Foundation

/// Merges a service's reading into a receipt without overwriting what is
/// there: empty fields are filled, everything else stays as the person left
/// it (the remote values are kept on the job for a side-by-side choice).
public enum ReceiptMerger {
    public struct Outcome: Sendable {
        public var receipt: ReceiptPayload
        /// Sync payload names of the fields filled.
        public var filled: [String]
    }

    public static func merge(_ remote: ReceiptPayload, into local: ReceiptPayload) -> Outcome {
        var merged = local
        var filled: [String] = []
        func fill(_ path: WritableKeyPath<ReceiptPayload, String?>, _ name: String) {
            let current = merged[keyPath: path]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard current.isEmpty, let value = remote[keyPath: path], !value.isEmpty else { return }
            merged[keyPath: path] = value
            filled.append(name)
        }
        // A receipt with no amounts and no items holds only the store's default
        // currency, not one anybody chose: the service's currency may replace it.
        let hasAmounts = [local.subtotalAmount, local.taxAmount, local.tipAmount, local.totalAmount].contains { $0?.isEmpty == false }
            || !local.lineItems.isEmpty
        if !hasAmounts, let currency = remote.currency, !currency.isEmpty, currency != local.currency {
            merged.currency = currency
            filled.append("currency")
        }
        fill(\.merchantName, "merchant_name")
        fill(\.purchaseDate, "purchase_date")
        if local.currency == nil || merged.currency == remote.currency || remote.currency == nil {
            // Amounts are only taken in the receipt's own currency.
            fill(\.subtotalAmount, "subtotal_amount")
            fill(\.taxAmount, "tax_amount")
            fill(\.tipAmount, "tip_amount")
            fill(\.totalAmount, "total_amount")
        }
        fill(\.paymentMethod, "payment_method")
        fill(\.category, "category")
        fill(\.ocrText, "ocr_text")
        if local.lineItems.isEmpty, !remote.lineItems.isEmpty, merged.currency == remote.currency || remote.currency == nil {
            merged.lineItems = remote.lineItems
            filled.append("line_items")
        }
        if local.taxes.isEmpty, !remote.taxes.isEmpty {
            merged.taxes = remote.taxes
            filled.append("taxes")
        }
        // Filled fields count as automatic, so the review screen marks them for checking.
        merged.autoFilledFields = local.autoFilledFields + filled.filter { !local.autoFilledFields.contains($0) }
        return Outcome(receipt: merged, filled: filled)
    }
}
