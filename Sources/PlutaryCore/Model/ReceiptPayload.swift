import Foundation

/// The sync payload: the one shape a receipt takes everywhere it leaves the store
/// (parser output, `plutary scan`, remote analysis results, JSON export).
/// Snake_case keys, amounts as decimal strings in the receipt's currency.
public struct ReceiptPayload: Codable, Hashable, Sendable {
    public var id: String?
    public var source: String?
    public var merchantName: String?
    public var purchaseDate: String?
    public var currency: String?
    public var subtotalAmount: String?
    public var taxAmount: String?
    public var tipAmount: String?
    public var totalAmount: String?
    public var paymentMethod: String?
    public var category: String?
    public var notes: String?
    public var ocrText: String?
    public var ocrLocale: String?
    /// The recogniser that read the image ("ppocr", "tesseract"); nil when no OCR read it.
    public var ocrEngine: String?
    /// `ocrEngine` of a PDF read from its text layer rather than recognised.
    public static let pdfTextEngine = "pdf-text"
    public var imageSha256: String?
    public var lineItems: [LineItemPayload]
    public var taxes: [TaxLinePayload]
    public var autoFilledFields: [String]
    public var fieldConfidence: [String: Double]
    public var confidence: Double?
    public var warnings: [String]

    public init(
        id: String? = nil, source: String? = nil, merchantName: String? = nil, purchaseDate: String? = nil,
        currency: String? = nil, subtotalAmount: String? = nil, taxAmount: String? = nil, tipAmount: String? = nil,
        totalAmount: String? = nil, paymentMethod: String? = nil, category: String? = nil, notes: String? = nil,
        ocrText: String? = nil, ocrLocale: String? = nil, ocrEngine: String? = nil, imageSha256: String? = nil,
        lineItems: [LineItemPayload] = [], taxes: [TaxLinePayload] = [], autoFilledFields: [String] = [],
        fieldConfidence: [String: Double] = [:], confidence: Double? = nil, warnings: [String] = []
    ) {
        self.id = id; self.source = source; self.merchantName = merchantName; self.purchaseDate = purchaseDate
        self.currency = currency; self.subtotalAmount = subtotalAmount; self.taxAmount = taxAmount
        self.tipAmount = tipAmount; self.totalAmount = totalAmount; self.paymentMethod = paymentMethod
        self.category = category; self.notes = notes; self.ocrText = ocrText; self.ocrLocale = ocrLocale
        self.ocrEngine = ocrEngine
        self.imageSha256 = imageSha256; self.lineItems = lineItems; self.taxes = taxes
        self.autoFilledFields = autoFilledFields; self.fieldConfidence = fieldConfidence
        self.confidence = confidence; self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey {
        case id, source, currency, category, notes, taxes, confidence, warnings
        case merchantName = "merchant_name"
        case purchaseDate = "purchase_date"
        case subtotalAmount = "subtotal_amount"
        case taxAmount = "tax_amount"
        case tipAmount = "tip_amount"
        case totalAmount = "total_amount"
        case paymentMethod = "payment_method"
        case ocrText = "ocr_text"
        case ocrLocale = "ocr_locale"
        case ocrEngine = "ocr_engine"
        case imageSha256 = "image_sha256"
        case lineItems = "line_items"
        case autoFilledFields = "auto_filled_fields"
        case fieldConfidence = "field_confidence"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        source = try c.decodeIfPresent(String.self, forKey: .source)
        merchantName = try c.decodeIfPresent(String.self, forKey: .merchantName)
        purchaseDate = try c.decodeIfPresent(String.self, forKey: .purchaseDate)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        subtotalAmount = try c.decodeIfPresent(String.self, forKey: .subtotalAmount)
        taxAmount = try c.decodeIfPresent(String.self, forKey: .taxAmount)
        tipAmount = try c.decodeIfPresent(String.self, forKey: .tipAmount)
        totalAmount = try c.decodeIfPresent(String.self, forKey: .totalAmount)
        paymentMethod = try c.decodeIfPresent(String.self, forKey: .paymentMethod)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        ocrText = try c.decodeIfPresent(String.self, forKey: .ocrText)
        ocrLocale = try c.decodeIfPresent(String.self, forKey: .ocrLocale)
        ocrEngine = try c.decodeIfPresent(String.self, forKey: .ocrEngine)
        imageSha256 = try c.decodeIfPresent(String.self, forKey: .imageSha256)
        lineItems = try c.decodeIfPresent([LineItemPayload].self, forKey: .lineItems) ?? []
        taxes = try c.decodeIfPresent([TaxLinePayload].self, forKey: .taxes) ?? []
        autoFilledFields = try c.decodeIfPresent([String].self, forKey: .autoFilledFields) ?? []
        fieldConfidence = try c.decodeIfPresent([String: Double].self, forKey: .fieldConfidence) ?? [:]
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    /// Encodes with nulls kept, so every field is present in JSON output.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(source, forKey: .source)
        try c.encode(merchantName, forKey: .merchantName)
        try c.encode(purchaseDate, forKey: .purchaseDate)
        try c.encode(currency, forKey: .currency)
        try c.encode(subtotalAmount, forKey: .subtotalAmount)
        try c.encode(taxAmount, forKey: .taxAmount)
        try c.encode(tipAmount, forKey: .tipAmount)
        try c.encode(totalAmount, forKey: .totalAmount)
        try c.encode(paymentMethod, forKey: .paymentMethod)
        try c.encode(category, forKey: .category)
        try c.encode(notes, forKey: .notes)
        try c.encode(ocrText, forKey: .ocrText)
        try c.encode(ocrLocale, forKey: .ocrLocale)
        try c.encode(ocrEngine, forKey: .ocrEngine)
        try c.encode(imageSha256, forKey: .imageSha256)
        try c.encode(lineItems, forKey: .lineItems)
        try c.encode(taxes, forKey: .taxes)
        try c.encode(autoFilledFields, forKey: .autoFilledFields)
        try c.encode(fieldConfidence, forKey: .fieldConfidence)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(warnings, forKey: .warnings)
    }
}
