import Testing
@testable import PlutaryCore

@Suite("Line labels")
struct LineLabelTests {
    @Test func readsAnExclamationMarkOrBarAfterALetterAsAnL() {
        #expect(LineLabel.ellsRepaired("Tota! Incl. of GST") == "Total Incl. of GST")
        #expect(LineLabel.ellsRepaired("Tota| 12.50") == "Total 12.50")
        // Only after a letter as printed: the second mark follows a mark, not the l made of the first.
        #expect(LineLabel.ellsRepaired("A!!") == "Al!")
        #expect(LineLabel.ellsRepaired("!TOTAL | 5! |2,99") == "!TOTAL | 5! |2,99")
        // Letters of other scripts count too.
        #expect(LineLabel.ellsRepaired("Zurück Ü| é!") == "Zurück Ül él")
        #expect(LineLabel.ellsRepaired("€| 1,00 合!") == "€| 1,00 合l")
        #expect(LineLabel("Tota! 1.00").words == ["TOTAL", "1", "00"])
    }

    @Test func findsPhrasesWithTheSlipsTheyAllow() {
        #expect(LineLabel("SUB T0TAL").has("SUBTOTAL"))
        #expect(LineLabel("TOTAI").has("TOTAL"))
        #expect(LineLabel("OTAL").has("TOTAL"))
        #expect(LineLabel("GESOMTBETROG").has("GESAMTBETRAG"))
        #expect(LineLabel("TOTALAMOUNT").has("TOTAL"))
        #expect(!LineLabel("TOTEM").has("TOTAL"))
        #expect(!LineLabel("NETT").has("NETTO"))
        #expect(LineLabel("お釣り").has("お釣"))
    }
}
