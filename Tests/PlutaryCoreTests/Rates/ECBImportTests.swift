import Foundation
import Testing
@testable import PlutaryCore

struct ECBImportTests {
    @Test func readsTheDailyFile() throws {
        let rates = try ECBRateParser.parse(Data(ECBSamples.daily.utf8))
        #expect(rates.count == 4)
        #expect(rates.allSatisfy { $0.base == "EUR" && $0.day == "2024-03-15" && $0.source == .ecb })
        #expect(rates.first { $0.quote == "GBP" }?.rate == Decimal(string: "0.85488"))
    }

    @Test func importsTheHistoricalFileAndConvertsAtEachDay() async throws {
        let database = try AppDatabase.inMemory()
        let store = ExchangeRateRepository(database: database)
        let summary = try await store.importECB(Data(ECBSamples.history.utf8))
        #expect(summary == ECBImportSummary(rateCount: 6, dayCount: 3, firstDay: "2024-03-13", lastDay: "2024-03-15"))
        #expect(try await store.rates().count == 6)
        let converter = try await store.converter()
        // 100 USD on the 14th: 100 / 1.0925 × 1.4751 = 135.02 CAD
        #expect(converter.convert(Money(minorUnits: 10000, currency: "USD"), to: "CAD", on: "2024-03-14")
                == Money(minorUnits: 13502, currency: "CAD"))
        // The weekend after uses Friday's rate.
        #expect(converter.rate(from: "EUR", to: "CAD", on: "2024-03-17") == Decimal(string: "1.4745"))
        // Importing the same file again replaces, it does not duplicate.
        _ = try await store.importECB(Data(ECBSamples.history.utf8))
        #expect(try await store.rates().count == 6)
    }

    @Test(arguments: [
        ("<gesmes:Envelope><Cube><Cube time='2024-03-15'><Cube currency='USD' rate='1.08'/></Cube>", "not valid XML"),
        ("<html><body>Not rates</body></html>", "not a European Central Bank"),
        ("<gesmes:Envelope><Cube></Cube></gesmes:Envelope>", "no exchange rates"),
        ("<gesmes:Envelope><Cube><Cube time='2024-03-15'><Cube currency='USD' rate='abc'/></Cube></Cube></gesmes:Envelope>", "invalid rate"),
        ("<gesmes:Envelope><Cube><Cube time='2024-03-15'><Cube currency='USD' rate='-1'/></Cube></Cube></gesmes:Envelope>", "invalid rate"),
        ("<gesmes:Envelope><Cube><Cube time='15/03/2024'><Cube currency='USD' rate='1.08'/></Cube></Cube></gesmes:Envelope>", "invalid date"),
        ("<gesmes:Envelope><Cube><Cube time='2024-03-15'><Cube currency='us dollar' rate='1.08'/></Cube></Cube></gesmes:Envelope>", "invalid currency"),
    ])
    func aMalformedFileIsRefusedWithAClearErrorAndChangesNothing(xml: String, message: String) async throws {
        let database = try AppDatabase.inMemory()
        let store = ExchangeRateRepository(database: database)
        _ = try await store.importECB(Data(ECBSamples.daily.utf8))
        let before = try await store.rates()
        // A bad rate after good ones: the good ones must not be stored either.
        let withGoodDayFirst = xml.replacingOccurrences(of: "<Cube><Cube time=", with: "<Cube><Cube time='2024-01-02'><Cube currency='CHF' rate='0.95'/></Cube><Cube time=")
        for text in [xml, withGoodDayFirst] {
            let error = await #expect(throws: ECBImportError.self) { try await store.importECB(Data(text.utf8)) }
            #expect(error?.localizedDescription.contains(message) == true, "\(String(describing: error?.localizedDescription))")
            #expect(error?.localizedDescription.contains("No rates were imported") == true)
        }
        #expect(try await store.rates() == before)
    }
}
