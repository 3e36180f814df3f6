/// Postcodes whose form names their country, written once for the currency's country cues and the
/// merchant's address test.
enum PostalCode {
    /// Britain's outward and inward codes ("NW1 2RT", "CF10 1AA").
    static let british = #"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"#
    /// Australia's state and four digits ("Perth WA 6000"); not ACT, SA and NT, which are also words ("GST ACT 2014").
    static let australian = #"\b(?:NSW|VIC|QLD|WA|TAS)\s+\d{4}\b"#
}
