import Foundation
import Testing
@testable import PlutaryCore

@Suite("Currency detection")
struct CurrencyDetectionTests {
    private func currency(_ text: String, hints: ParseHints = ParseHints()) -> String? {
        ReceiptParser().parse(ocrText: text, hints: hints).currency
    }

    @Test func symbolsAndCodes() {
        #expect(currency("SHOP\nTOTAL €12,50") == "EUR")
        #expect(currency("SHOP\nTOTAL £12.50") == "GBP")
        #expect(currency("SHOP\nTOTAL CHF 12.50") == "CHF")
        #expect(currency("SHOP\nTOTAL US$12.50") == "USD")
        #expect(currency("SHOP\nTOTAL (RM) 12.50") == "MYR")
        #expect(currency("SHOP\nTOTAL MYR 12.50") == "MYR")
    }

    @Test func dollarsFollowTheCountry() {
        #expect(currency("CORNER STORE\nTORONTO ON M5V 2T6\nSUBTOTAL $10.00\nHST 13% $1.30\nTOTAL $11.30") == "CAD")
        #expect(currency("CORNER STORE\nSEATTLE WA 98101\nTOTAL $11.30") == "USD")
        #expect(currency("NO FRILLS\nTOTAL $11.30") == "CAD")
        #expect(currency("SHOP\nTOTAL $11.30", hints: ParseHints(locale: Locale(identifier: "en_CA"))) == "CAD")
    }

    @Test func wordsDecideWithoutSymbols() {
        #expect(currency("BAECKEREI MUELLER\nSumme 4,20\nBar 5,00\nRückgeld 0,80") == "EUR")
        #expect(currency("KEDAI RUNCIT ABC SDN BHD\nJALAN MERAH 3\nTOTAL 4.20") == "MYR")
    }
}
