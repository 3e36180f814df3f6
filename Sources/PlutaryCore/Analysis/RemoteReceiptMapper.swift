import Foundation

/// Maps a service's receipt object into the sync payload. Both providers'
/// spellings are accepted (camelCase from the REST API, snake_case from the
/// vision prompt); unknown fields are ignored, missing ones stay nil.
enum RemoteReceiptMapper {
    /// Every value is checked as if typed into the review form: a field that
    /// fails is left out with a warning, the rest of the answer is kept.
    static func payload(from object: [String: Any], provider: AnalysisProviderKind, today: Date = Date()) -> ReceiptPayload {
        let fields = RemoteFields(object)
        var payload = ReceiptPayload(source: provider.rawValue)
        var warnings: [String] = []
        payload.merchantName = fields.string("merchant", "merchantName", "merchant_name")
        if let date = fields.string("date", "purchaseDate", "purchase_date") {
            payload.purchaseDate = day(from: date, today: today)
            if payload.purchaseDate == nil { warnings.append("date “\(date.prefix(40))” is not a plausible purchase day; left out") }
        }
        if let code = fields.string("currency") {
            let isCode = code.count == 3 && code.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.letters.contains($0) }
            payload.currency = isCode ? code.uppercased() : nil
            if !isCode { warnings.append("currency “\(code.prefix(40))” is not an ISO 4217 code; left out") }
        }
        /// An amount the store can hold, or nil and a warning: the field is rejected, not the answer.
        func money(_ text: String?, _ field: String) -> String? {
            guard let text else { return nil }
            guard let amount = Self.amount(text, currency: payload.currency) else {
                warnings.append("\(field) “\(text.prefix(40))” is not a usable amount; left out")
                return nil
            }
            return amount
        }
        payload.subtotalAmount = money(fields.amount("subtotal", "subtotalAmount", "subtotal_amount"), "subtotal")
        payload.taxAmount = money(fields.amount("tax", "taxAmount", "tax_amount"), "tax")
        payload.tipAmount = money(fields.amount("tip", "tipAmount", "tip_amount"), "tip")
        payload.totalAmount = money(fields.amount("total", "totalAmount", "total_amount"), "total")
        payload.paymentMethod = fields.string("paymentMethod", "payment_method")
        payload.category = fields.string("category")
        payload.ocrText = fields.string("ocrText", "ocr_text")
        for item in fields.objects("lineItems", "line_items", "items") {
            let line = RemoteFields(item)
            guard let name = line.string("name", "description") else { continue }
            let quantity = line.amount("quantity", "qty").flatMap { AmountText.quantity($0) } ?? "1"
            let unitPrice = money(line.amount("unitPrice", "unit_price", "price"), "unit price of “\(name.prefix(40))”")
            guard let total = money(line.amount("total", "amount") ?? unitPrice.flatMap({ product($0, quantity) }),
                                    "total of “\(name.prefix(40))”") else {
                warnings.append("line item “\(name.prefix(40))” has no amount; left out")
                continue
            }
            payload.lineItems.append(LineItemPayload(
                description: name, quantity: quantity, unitPrice: unitPrice, total: total, category: line.string("category")))
        }
        payload.warnings += warnings
        payload.autoFilledFields = filledFields(payload)
        return payload
    }

    /// A remote amount rounded to the currency's precision; nil beyond `Money.limit`.
    private static func amount(_ text: String, currency: String?) -> String? {
        guard var value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value.isFinite else { return nil }
        guard let currency else {
            // The receipt's own currency sets the precision later; only the size is checked here (at the finest precision).
            return abs(value) <= Decimal(Money.limit) / Money.powerOfTen(3) ? text : nil
        }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, Currency.exponent(of: currency), .plain)
        return Money(decimal: rounded, currency: currency)?.decimalString
    }

    /// The payload fields a result filled, named as in the sync payload.
    static func filledFields(_ payload: ReceiptPayload) -> [String] {
        let named: [(String, String?)] = [
            ("merchant_name", payload.merchantName), ("purchase_date", payload.purchaseDate), ("currency", payload.currency),
            ("subtotal_amount", payload.subtotalAmount), ("tax_amount", payload.taxAmount), ("tip_amount", payload.tipAmount),
            ("total_amount", payload.totalAmount), ("payment_method", payload.paymentMethod), ("category", payload.category),
            ("ocr_text", payload.ocrText),
        ]
        return named.compactMap { $0.1 == nil ? nil : $0.0 } + (payload.lineItems.isEmpty ? [] : ["line_items"])
    }

    /// "2026-03-01T10:22:00Z" → "2026-03-01"; nil unless it is a real day from 1970
    /// to a year after `today` (a day in year 9 999 999 would have the charts count its months).
    static func day(from text: String, today: Date) -> String? {
        let prefix = String(text.prefix(10))
        let rest = text.dropFirst(10)
        guard ISODay.isValid(prefix), rest.isEmpty || rest.first == "T" || rest.first == " " else { return nil }
        let latest = MonthKey.day(today.addingTimeInterval(366 * 86_400))
        return prefix >= "1970-01-01" && prefix <= latest ? prefix : nil
    }

    private static func product(_ unitPrice: String, _ quantity: String) -> String? {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let price = Decimal(string: unitPrice, locale: posix), let count = Decimal(string: quantity, locale: posix) else { return nil }
        var value = price * count
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return NSDecimalNumber(decimal: rounded).description(withLocale: posix)
    }
}
