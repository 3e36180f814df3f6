import Foundation
import Testing
@testable import PlutaryCore

@Suite("Date formats and day/month order")
struct DateParsingTests {
    private func date(_ line: String, order: DateOrder = .dayFirst) -> String? {
        DateExtractor.candidates(in: ReceiptText(line), preferredOrder: order).first?.value
    }

    @Test func readsEveryCommonFormat() {
        #expect(date("Date: 25/12/2018") == "2018-12-25")
        #expect(date("12/25/18 10:22") == "2018-12-25")
        #expect(date("2018-12-25") == "2018-12-25")
        #expect(date("Datum 25.12.18") == "2018-12-25")
        #expect(date("25 DEC 2018 13:05") == "2018-12-25")
        #expect(date("2015/02/11") == "2015-02-11")
        #expect(date("25-12-18") == "2018-12-25")
        #expect(date("Dec 25, 2018") == "2018-12-25")
    }

    @Test func aReturnDeadlineLosesToThePurchaseWhoseTimeOCRGluedToIt() {
        // A photo's OCR ran the time into the year; the return-by date at the foot has no time.
        let text = """
        CVS/pharmacy #01123
        01/18/202409:27AM
        CVS VITAMIN D3 1000            9.49T
        TOTAL  9.85
        RETURNSWITH RECEIPT THRU 03/18/2024
        """
        #expect(ReceiptParser().parse(ocrText: text).purchaseDate == "2024-01-18")
        let depot = """
        THE HOME DEPOT
        0121 00052 70913   09/14/2410:02AM
        DEWALT 20V DRILL BIT     19.97
        TOTAL           $21.57
        POLICY ID     DAYS  POLICY EXPIRES ON
        A           1            06            12/13/2024
        """
        #expect(ReceiptParser().parse(ocrText: depot).purchaseDate == "2024-09-14")
    }

    @Test func eightDigitsWithoutSeparatorsAreADateOnlyWhenNoOtherIs() {
        #expect(date("27032018            No :CS-20243") == "2018-03-27")
        #expect(date("DATE:20180304 13:05") == "2018-03-04")
        // Not a date: part of a longer number, an ID after a dash or a hash, impossible as a day.
        #expect(date("GST ID:002139201536") == nil)
        #expect(date("INV CS-27032018") == nil)
        #expect(date("BILL #27032018") == nil)
        #expect(date("REF 99999999") == nil)
        // A separated date on the receipt wins over a till number that reads as one.
        #expect(ReceiptParser().parse(ocrText: "SHOP\nTILL 12052019\n25/12/2018 10:22\nTOTAL 5.00").purchaseDate == "2018-12-25")
        #expect(ReceiptParser().parse(ocrText: "SHOP\n27032018   No:CS-20243\nTOTAL 5.00").purchaseDate == "2018-03-27")
    }

    @Test func ambiguousDatesFollowThePreferredOrder() {
        #expect(date("04/05/19", order: .dayFirst) == "2019-05-04")
        #expect(date("04/05/19", order: .monthFirst) == "2019-04-05")
    }

    @Test func anUnambiguousDateOnTheReceiptDecidesTheOrder() {
        let text = ReceiptText("04/05/19 10:00\nRETURN BY 04/20/19")
        let dates = DateExtractor.candidates(in: text, preferredOrder: .dayFirst).map(\.value)
        #expect(dates.contains("2019-04-05"))
    }

    @Test func parserUsesLocaleForAmbiguousDates() {
        let us = ReceiptParser().parse(ocrText: "SHOP\n04/05/2019\nTOTAL 5.00", hints: ParseHints(locale: Locale(identifier: "en_US")))
        let malaysia = ReceiptParser().parse(ocrText: "KEDAI ABC SDN BHD\n04/05/2019\nTOTAL RM 5.00")
        #expect(us.purchaseDate == "2019-04-05")
        #expect(malaysia.purchaseDate == "2019-05-04")
    }

    @Test func rejectsImpossibleDates() {
        #expect(date("31/02/2019") == nil)
    }

    @Test func aDateInTheFutureLosesToAPlausibleOne() {
        // The footer's "Datum" label would win, but OCR turned its year into 2027... or later.
        let year = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
        let text = "REAL MARKT\n15.04.20 16:15 8665111 0176\nBROT  1,99 A\nSUMME  1,99\nDatum:   18.04.\(year)\nUhrzeit: 16:14:51 Uhr"
        #expect(ReceiptParser().parse(ocrText: text).purchaseDate == "2020-04-15")
    }

    @Test func aTwoDigitYearFirstIsReadWhereTheDayFirstReadingIsInTheFuture() {
        // Loblaw's tills print YY/MM/DD: "24/10/27" is 27 October 2024, not 24 October 2027.
        let nextYear = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
        let twoDigits = String(format: "%02d", nextYear % 100)
        func purchaseDate(_ line: String) -> String? {
            ReceiptParser().parse(ocrText: "LOBLAWS\nMILK 2%  5.49\nTOTAL  5.49\n\(line) 14:03 1060 022 0348").purchaseDate
        }
        #expect(purchaseDate("24/10/\(twoDigits)") == "2024-10-\(twoDigits)")
        // Where the day-first reading is a plausible date, it stays.
        #expect(purchaseDate("24/10/19") == "2019-10-24")
    }

    @Test func aYearRunIntoTheTimeAfterItIsStillAYear() {
        #expect(date("ORD #70 -REG #19-18/03/201823:02:16") == "2018-03-18")
        // Digits after a year that are no time still make no date.
        #expect(date("REF 18/03/201899") == nil)
        // A two-digit year runs into the hour: no time is written ":59".
        #expect(date("3182  748433/01       02.03.2015:59") == "2020-03-02")
        // A year-first date's day runs into the hour.
        #expect(date("[Sales]2018-01-0522:55:25    PosNo:86") == "2018-01-05")
    }

    @Test func aSeparatorReadAsASpaceStillSeparatesADateBesideATime() {
        #expect(date("01:34PM      568017     05 02-18") == "2018-02-05")
        #expect(date("DATE: 05-02 2018") == "2018-02-05")
        // Without a time or a date label such numbers are no date ("QTY 5  02-18" could be anything).
        #expect(date("ITEM 5 02-18") == nil)
    }

    @Test func monthNamesInMoreLanguagesAndTheirJoiningWords() {
        #expect(date("Montag, 13. Jänner 2025  16:05") == "2025-01-13")
        #expect(date("Lørdag 16. marts 2024 kl. 10:42") == "2024-03-16")
        #expect(date("sábado 16 de marzo de 2024 19:22") == "2024-03-16")
        #expect(date("quinta-feira, 5 de março de 2023") == "2023-03-05")
        #expect(date("Zaterdag 4 mei 2024") == "2024-05-04")
        #expect(date("mercoledì 2 ottobre 2024 ore 18:10") == "2024-10-02")
        // A word that is no month makes no date.
        #expect(date("12 de ROLLOS 2024") == nil)
    }

    @Test func aDeadlineInSpanishIsNoPurchaseDate() {
        let text = """
        FARMACIA DEL CENTRO
        PARACETAMOL 500MG        $45.00
        TOTAL                    $45.00
        sábado 16 de marzo de 2024 19:22
        Fecha límite para facturar: 31/03/2024
        """
        #expect(ReceiptParser().parse(ocrText: text).purchaseDate == "2024-03-16")
    }
}
