@testable import PlutaryCore
import Testing

/// Two currencies with the same cues: the reading must not depend on a dictionary's order,
/// which changes from run to run (a SROIE receipt with "RM" and a five-digit number read as
/// a US zip code came out MYR or USD, and its date with it).
@Suite struct CurrencyTieTests {
    @Test(arguments: [
        ("SHOP\nCASH RM 5.00\nUSD", "MYR"),
        ("SHOP\nTOTAL € 5,00\nCHF", "CHF"),
        ("SHOP\nTOTAL £5.00\nSGD", "GBP"),
        ("SHOP\nCAD\nUSD", "CAD"),
        ("SHOP\nEUR\nGBP", "EUR"),
    ])
    func equalCuesAreBrokenByCode(text: String, first: String) {
        let candidates = CurrencyDetector.candidates(in: ReceiptText(text), merchant: nil, hints: ParseHints())
        #expect(candidates.count >= 2 && candidates[0].confidence == candidates[1].confidence, "\(candidates)")
        #expect(candidates.first?.value == first, "\(candidates)")
    }
}
