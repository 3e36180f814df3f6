import Foundation
import PlutaryCore
@testable import PlutaryOCR
import Testing

/// Two readings of one receipt (preprocessed, then plain) are combined field by field.
struct ReadingCombinationTests {
    private func reading(_ text: String) -> ReceiptScanner.Scan {
        let ocr = OCRResult(source: "r.jpg", text: text, lines: [], words: [], imageWidth: 100, imageHeight: 100,
                            languages: ["eng"], meanConfidence: 80)
        return ReceiptScanner.Scan(payload: ReceiptParser().parse(ocrText: text), ocr: ocr)
    }

    @Test func eachReadingGivesWhatItReadBest() {
        // The first reading lost the date, the second the shop name; its amounts add up.
        let first = reading("KEDAI BUKU MAJU SDN BHD\nPEN  3.00\nPAPER  5.00\nTOTAL  9.00")
        let second = reading("a    ee  ,\n25/12/2018\nPEN  3.00\nPAPER  5.00\nTOTAL  8.00")
        #expect((second.payload.confidence ?? 0) > (first.payload.confidence ?? 0))
        let combined = ReceiptScanner.combined(first, second)
        #expect(combined.payload.totalAmount == "8.00")
        #expect(combined.payload.purchaseDate == "2018-12-25")
        #expect(combined.payload.merchantName == "KEDAI BUKU MAJU SDN BHD")
        #expect(combined.ocr.text == second.ocr.text)
        #expect((combined.payload.fieldConfidence["merchant_name"] ?? 0) == (first.payload.fieldConfidence["merchant_name"] ?? -1))
    }

    @Test func aSurerReadingKeepsItsOwnFields() {
        let first = reading("KEDAI BUKU MAJU SDN BHD\n25/12/2018\nPEN  3.00\nPAPER  5.00\nTOTAL  8.00")
        let second = reading("ee a\n25/12/2018\nPEN  3.00\nTOTAL  8.00")
        let combined = ReceiptScanner.combined(first, second)
        #expect(combined.payload.merchantName == "KEDAI BUKU MAJU SDN BHD")
        #expect(combined.ocr.text == first.ocr.text)
    }

    @Test func aTieGoesToTheFirstReading() {
        // Same date confidence in both; the second reading is surer overall but the first keeps its date.
        let first = reading("KEDAI BUKU MAJU SDN BHD\nDate: 26.09.2016 13:56\nPEN  3.00\nPAPER  5.00\nTOTAL  9.00")
        let second = reading("KEDAI BUKU MAJU SDN BHD\nDate: 25.09.2016 13:56\nPEN  3.00\nPAPER  5.00\nTOTAL  8.00")
        #expect((second.payload.confidence ?? 0) > (first.payload.confidence ?? 0))
        let combined = ReceiptScanner.combined(first, second)
        #expect(combined.payload.totalAmount == "8.00")
        #expect(combined.payload.purchaseDate == "2016-09-26")
    }
}
