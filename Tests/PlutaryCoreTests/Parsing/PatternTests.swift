import Testing
@testable import PlutaryCore

@Suite("Patterns")
struct PatternTests {
    @Test func textWithoutTheDigitsOrCharactersEveryMatchHoldsIsNotSearched() {
        let year = Pattern(#"(?:19|20)\d{2}[-/.]"#, needsOneOf: "-/.", digitRun: 4)
        #expect(year.isMatched(by: "DATE 2019-03-05"))
        #expect(!year.isMatched(by: "TOTAL 12.50 201 9-"))
        #expect(!year.isMatched(by: "ORDER 20190305"))
        // Other scripts' digits are digits to ICU: such text is searched.
        #expect(Pattern(#"\d{4}"#, digitRun: 4).isMatched(by: "٢٠١٩"))
        #expect(Pattern(#"\d{4}"#, digitRun: 4).isMatched(by: "ＡＢ２０１９"))
        #expect(Pattern(#"\d\s?%"#, needsOneOf: "%", digitRun: 1).firstMatch(in: "MWST 7 %")?.text == "7 %")
        #expect(Pattern(#"\d\s?%"#, needsOneOf: "%", digitRun: 1).matches(in: "MWST 7 PCT").isEmpty)
    }

    @Test func textWhoseDigitRunsAreAllOfOtherLengthsIsNotSearched() {
        let fourAlone = Pattern(#"(?<!\d)\d{4}(?!\d)"#, digitRun: 4, digitRunAtMost: 4)
        #expect(fourAlone.isMatched(by: "DATE 05 03 2019"))
        #expect(!fourAlone.isMatched(by: "CARD 20191234 TOTAL 12.50"))
        // A run of other scripts' characters may hold fewer digits than bytes: it is searched.
        #expect(fourAlone.isMatched(by: "YEAR ٢٠١٩"))
    }
}
