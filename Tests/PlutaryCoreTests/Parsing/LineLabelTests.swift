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

    @Test func aCountGluedBeforeAPhraseLeavesThePhrase() {
        // PP-OCR ran Sainsbury's item count into its label: "8 BALANCE DUE" read as "8BALANCEDUE".
        #expect(LineLabel("8BALANCEDUE").has("BALANCE DUE"))
        #expect(LineLabel("12 ITEMS 3GRANDTOTAL").has("GRAND TOTAL"))
        // A short name glued to its rate keeps the rate ("TPS5%" was "TPSS").
        #expect(LineLabel("TPS5% 1,40").words.first == "TPS5")
        #expect(LineLabel("T0TAL").words == ["TOTAL"])
        // A digit read for the word's first letter is still that letter.
        #expect(LineLabel("8ALANCE DUE").has("BALANCE DUE"))
    }

    @Test func aContactlessPaymentIsACardTender() {
        let payload = ReceiptParser().parse(ocrText: """
        SAINSBURY'S
        YEO VALLEY GREEK YOGURT      £2.30
        TAYLORS HOT LAVA JAVA            £5.25
        8BALANCEDUE
        £7.55
        CONTACTLESS  £7.55
        Nectar prices saved you £0.50
        23/11/2024            09:14            S0512            R02
        """)
        #expect(payload.totalAmount == "7.55")
        #expect(payload.paymentMethod == "Card")
        #expect(payload.lineItems.map(\.description) == ["YEO VALLEY GREEK YOGURT", "TAYLORS HOT LAVA JAVA"])
    }
}
