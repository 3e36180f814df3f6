import Foundation
import Testing
@testable import PlutaryCore

struct JSONExtractionTests {
    private func object(_ text: String) throws -> (object: [String: Any], repaired: Bool) {
        let extracted = try JSONExtractor.object(in: text)
        return (extracted.object, extracted.repaired)
    }

    @Test func bareFencedAndProseWrappedObjects() throws {
        #expect(try object(#"{"a": 1}"#).object["a"] as? Int == 1)
        #expect(try object("```json\n{\"a\": \"x\"}\n```").object["a"] as? String == "x")
        #expect(try object("```\n{\"a\": [1, 2]}\n```").object["a"] as? [Int] == [1, 2])
        #expect(try object("Sure! {\"a\": \"}\"} Hope that helps {\"b\": 2}").object["a"] as? String == "}")
        #expect(try object(#"{"a": 1}"#).repaired == false)
    }

    @Test func cutOffAnswersAreClosedDroppingTheIncompleteValue() throws {
        let cases: [(String, [String])] = [
            (#"{"merchant": "Lidl", "total": 12.9"#, ["merchant"]),          // a number may have lost digits
            (#"{"merchant": "Lidl", "date": "2026-0"#, ["merchant"]),         // a string cut mid-way
            (#"{"merchant": "Lidl", "paid": true"#, ["merchant", "paid"]),    // a whole literal stays
            (#"{"merchant": "Lidl", "items": [{"name": "A", "total": 1}, {"na"#, ["items", "merchant"]),
            (#"{"merchant": "Lidl", "tax":"#, ["merchant"]),
            (#"{"merchant": "Lidl", "#, ["merchant"]),
        ]
        for (text, keys) in cases {
            let result = try object(text)
            #expect(result.repaired, "\(text)")
            #expect(result.object.keys.sorted() == keys.sorted(), "\(text) → \(result.object)")
        }
        let items = try object(#"{"items": [{"name": "A", "total": 1}, {"name": "B", "tot"#).object["items"] as? [[String: Any]]
        #expect(items?.first?["name"] as? String == "A")
    }

    @Test func hopelessAnswersAreReportedNotGuessed() {
        #expect(throws: AnalysisError.self) { try JSONExtractor.object(in: "no json here") }
        #expect(throws: AnalysisError.self) { try JSONExtractor.object(in: "{\"a\": 1,, }") }
    }

    @Test func amountsComeAsNumbersOrDecimalStrings() {
        let fields = RemoteFields(["a": 12.99, "b": "1,234.50", "c": "12,99", "d": "$ 7.00", "e": 3, "f": "n/a"])
        #expect(fields.amount("a") == "12.99")
        #expect(fields.amount("b") == "1234.50")
        #expect(fields.amount("c") == "12.99")
        #expect(fields.amount("d") == "7.00")
        #expect(fields.amount("e") == "3")
        #expect(fields.amount("f") == nil)
        #expect(fields.amount("missing") == nil)
    }

    @Test func errorsAreClassifiedForTheQueue() {
        #expect(AnalysisError.timeout.disposition == .retry(after: nil))
        #expect(AnalysisError.network("refused").disposition == .retry(after: nil))
        #expect(AnalysisError.http(status: 500, retryAfter: nil, body: "").disposition == .retry(after: nil))
        #expect(AnalysisError.http(status: 503, retryAfter: 9, body: "").disposition == .retry(after: 9))
        #expect(AnalysisError.http(status: 429, retryAfter: 3, body: "").disposition == .retry(after: 3))
        #expect(AnalysisError.http(status: 401, retryAfter: nil, body: "").disposition == .stopQueue)
        #expect(AnalysisError.http(status: 403, retryAfter: nil, body: "").disposition == .stopQueue)
        #expect(AnalysisError.http(status: 404, retryAfter: nil, body: "").disposition == .fail)
        #expect(AnalysisError.malformed("x").disposition == .fail)
    }

    @Test func backoffDoublesFromOneSecondUpToFiveMinutesWithJitter() {
        let plain = RetryPolicy(maxAttempts: 20, random: { 0 })
        #expect((1...5).map(plain.delay(afterAttempt:)) == [1, 2, 4, 8, 16])
        #expect(plain.delay(afterAttempt: 12) == 300)
        let jittered = RetryPolicy(maxAttempts: 20, random: { 0.999 })
        #expect(jittered.delay(afterAttempt: 3) > 4.9 && jittered.delay(afterAttempt: 3) < 5)
        #expect(jittered.delay(afterAttempt: 15) == 300)
    }
}
