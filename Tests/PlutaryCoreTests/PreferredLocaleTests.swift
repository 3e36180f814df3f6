import Foundation
import Testing
@testable import PlutaryCore

struct PreferredLocaleTests {
    @Test func readsThePOSIXVariablesInTheirOrder() {
        #expect(Locale.preferred(environment: ["LANG": "fr_FR.UTF-8"]).identifier == "fr_FR")
        #expect(Locale.preferred(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]).identifier == "de_DE")
        #expect(Locale.preferred(environment: ["LC_TIME": "zh_CN.UTF-8", "LANG": "en_CA.UTF-8"]).identifier == "zh_CN")
        #expect(Locale.preferred(environment: ["LANG": "de_DE.UTF-8@euro"]).identifier == "de_DE")
    }

    @Test func fallsBackToTheMessageLanguageUnderTheCLocale() {
        #expect(Locale.preferred(environment: ["LANG": "C.UTF-8", "LANGUAGE": "fr:en"]).identifier == "fr")
        #expect(Locale.preferred(environment: ["LANG": "C.UTF-8"]).identifier == "en_US")
        #expect(Locale.preferred(environment: [:]).identifier == "en_US")
    }

    /// Each variable is read on its own (a sparkline asks for the locale each time it is drawn).
    @Test func readsTheLocaleVariablesAlone() {
        var asked: [String] = []
        let locale = Locale.preferred { name in
            asked.append(name)
            return ["LANG": "C.UTF-8", "LANGUAGE": "fr:en", "HOME": "/root"][name]
        }
        #expect(locale.identifier == "fr")
        #expect(asked == ["LC_ALL", "LC_TIME", "LANG", "LANGUAGE"])
        asked = []
        #expect(Locale.preferred { asked.append($0); return $0 == "LC_ALL" ? "de_DE.UTF-8" : nil }.identifier == "de_DE")
        #expect(asked == ["LC_ALL"])
    }

    @Test func moneyAndDatesFollowIt() {
        let french = Locale.preferred(environment: ["LANG": "fr_FR.UTF-8"])
        let money = MoneyFormatter(locale: french).string(from: Money(minorUnits: 1250, currency: "EUR"))
        #expect(money.contains("12,50") && money.contains("€"))
        #expect(DayFormatter(locale: french).string(fromISO: "2026-03-14").contains("mars"))
    }
}
