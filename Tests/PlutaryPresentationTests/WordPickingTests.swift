import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

/// Point-and-click correction: words clicked on the image fill the field being
/// edited, and a field's source words are found for highlighting.
@MainActor
struct WordPickingTests {
    /// A receipt's words in reading order, laid out on lines 30 px apart.
    static let words: [ReceiptWord] = {
        let lines = [["INDAH", "GIFT", "&", "HOME"], ["19/10/2018", "23:49:59"], ["TOTAL", "AMT", "RM60.30"], ["CASH", "RM", "70.30"]]
        var words: [ReceiptWord] = []
        for (row, line) in lines.enumerated() {
            var x = 10
            for text in line {
                words.append(ReceiptWord(text: text, x: x, y: 10 + row * 30, width: text.count * 10, height: 20))
                x += text.count * 10 + 10
            }
        }
        return words
    }()

    private func model() throws -> ReviewViewModel {
        let payload = ReceiptPayload(merchantName: "INDAH", purchaseDate: nil, currency: "MYR", totalAmount: "70.30")
        let store = try ReceiptRepository(database: AppDatabase.inMemory())
        return ReviewViewModel(item: ReviewItem(payload: payload, imagePath: nil, words: Self.words), mode: .batch, store: store,
                               locale: Locale(identifier: "en_US"))
    }

    @Test func aClickFindsTheWordUnderThePointerOrNone() {
        let words = ImageWords(Self.words)
        let total = Self.words.firstIndex { $0.text == "RM60.30" }!
        let box = Self.words[total]
        #expect(words.index(atX: Double(box.x + 5), y: Double(box.y + 10)) == total)
        #expect(words.index(atX: Double(box.x + box.width + 3), y: Double(box.y + 10)) == total, "a little beside still counts")
        #expect(words.index(atX: 500, y: 500) == nil)
    }

    @Test func anAmountFieldTakesTheAmountInTheClickedWord() throws {
        let viewModel = try model()
        let total = Self.words.firstIndex { $0.text == "RM60.30" }!
        viewModel.pickWord(total, into: .totalAmount, extend: false)
        #expect(viewModel.text(.totalAmount) == "60.30")
        #expect(viewModel.sourceWords(of: .totalAmount) == [Self.words[total]])
        // A label alone holds no amount: the field keeps its value.
        viewModel.pickWord(Self.words.firstIndex { $0.text == "TOTAL" }!, into: .totalAmount, extend: false)
        #expect(viewModel.text(.totalAmount) == "60.30")
    }

    @Test func shiftClickTakesTheRunOfWordsBetweenTwoClicks() throws {
        let viewModel = try model()
        viewModel.pickWord(0, into: .merchantName, extend: false)
        #expect(viewModel.text(.merchantName) == "INDAH")
        viewModel.pickWord(3, into: .merchantName, extend: true)
        #expect(viewModel.text(.merchantName) == "INDAH GIFT & HOME")
        #expect(viewModel.sourceWords(of: .merchantName).map(\.text) == ["INDAH", "GIFT", "&", "HOME"])
        // Typed over, the field no longer points at the clicked words.
        viewModel.setField(.merchantName, "Indah Gift")
        #expect(viewModel.sourceWords(of: .merchantName).map(\.text) == ["INDAH", "GIFT"])
    }

    @Test func aDateFieldTakesTheDateOfTheClickedWords() throws {
        let viewModel = try model()
        viewModel.pickWord(Self.words.firstIndex { $0.text == "19/10/2018" }!, into: .purchaseDate, extend: false)
        #expect(viewModel.text(.purchaseDate) == "2018-10-19")
    }

    @Test func aFieldsValueIsFoundOnTheImageWithoutAClick() throws {
        let viewModel = try model()
        // The parser's 70.30 reads as "70.30" after "CASH RM": the last word with that amount.
        #expect(viewModel.sourceWords(of: .totalAmount).map(\.text) == ["70.30"])
        #expect(viewModel.sourceWords(of: .merchantName).map(\.text) == ["INDAH"])
        #expect(viewModel.sourceWords(of: .notes).isEmpty)
    }
}
