import Foundation
import Observation
import PlutaryCore

/// Settings for currencies: the primary currency every sum is converted into,
/// the exchange rates (entered by hand or imported from an ECB file).
@MainActor
@Observable
public final class CurrencySettingsViewModel {
    /// The rates editor lists the newest rates only; a historical ECB file holds over 100 000.
    public static let listedRates = 500

    public let currencies: [Currency] = Currency.known
    public private(set) var primaryCurrency: String
    public private(set) var rows: [RateRow] = []
    public private(set) var rateCount = 0
    public private(set) var statusMessage: String?
    public private(set) var errorMessage: String?
    public private(set) var isImporting = false

    private let rates: any ExchangeRateStore
    private let preferences: any PreferenceStore
    private let days: DayFormatter
    private let locale: Locale

    @ObservationIgnored private let ecbImport = LatestLoad()

    public init(rates: any ExchangeRateStore, preferences: any PreferenceStore, locale: Locale = .preferred) {
        self.rates = rates
        self.preferences = preferences
        days = DayFormatter(locale: locale)
        self.locale = locale
        let code = preferences.string(.primaryCurrency)
        primaryCurrency = code.isEmpty ? "CAD" : code
    }

    public convenience init(environment: AppEnvironment) {
        self.init(rates: environment.rates, preferences: environment.preferences)
    }

    /// "EUR – euro" in the person's language, as the review screen lists them.
    public var currencyTitles: [String] { currencies.map { CurrencyOption(code: $0.code, locale: locale).label } }
    public var primaryIndex: Int { currencies.firstIndex { $0.code == primaryCurrency } ?? 0 }

    public var countText: String {
        rateCount > rows.count
            ? String(format: tr("The newest %d of %d rates"), rows.count, rateCount)
            : String(format: trn("%d rate", "%d rates", rateCount), rateCount)
    }

    public func load() {
        do {
            let all = try rates.rates()
            rateCount = all.count
            rows = all.prefix(Self.listedRates).map { RateRow(rate: $0, days: days, decimalSeparator: locale.decimalSeparator ?? ".") }
        } catch {
            errorMessage = String(format: tr("Could not read the exchange rates: %@"), error.localizedDescription)
        }
    }

    public func selectPrimary(at index: Int) {
        guard currencies.indices.contains(index), currencies[index].code != primaryCurrency else { return }
        primaryCurrency = currencies[index].code
        preferences.set(.primaryCurrency, .string(primaryCurrency))
    }

    /// Adds a rate typed by the person: "1 BASE = RATE QUOTE on DAY". False, with
    /// a message, when a field is not valid.
    @discardableResult
    public func addRate(day: String, base: String, quote: String, rate: String) -> Bool {
        let day = day.trimmingCharacters(in: .whitespaces)
        let base = base.trimmingCharacters(in: .whitespaces).uppercased(), quote = quote.trimmingCharacters(in: .whitespaces).uppercased()
        let text = rate.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard MonthKey.isDay(day) else { return fail(tr("Enter the day as YYYY-MM-DD.")) }
        guard Self.isCode(base), Self.isCode(quote), base != quote else {
            return fail(tr("Enter two different three-letter currency codes."))
        }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0,
              text.allSatisfy({ $0.isNumber || $0 == "." }) else {
            return fail(tr("Enter the rate as a positive number, such as 1.4735."))
        }
        do {
            try rates.save(ExchangeRate(day: day, base: base, quote: quote, rate: value, source: .manual))
            errorMessage = nil
            statusMessage = String(format: tr("Saved 1 %@ = %@ %@ on %@."), base, text, quote, days.string(fromISO: day))
            load()
            return true
        } catch {
            return fail(String(format: tr("Could not save the rate: %@"), error.localizedDescription))
        }
    }

    public func delete(_ row: RateRow) {
        do {
            try rates.delete(row.rate)
            load()
        } catch {
            errorMessage = String(format: tr("Could not delete the rate: %@"), error.localizedDescription)
        }
    }

    /// Imports an ECB reference-rate file (daily or historical); a bad file
    /// changes nothing and says why.
    public func importECB(from url: URL) async {
        isImporting = true
        statusMessage = tr("Importing…")
        errorMessage = nil
        let rates = self.rates
        guard let result = await ecbImport.run({ try rates.importECB(try Data(contentsOf: url)) }) else { return }
        isImporting = false
        switch result {
        case .success(let summary):
            statusMessage = String(format: trn("Imported %d rate (%@ to %@).", "Imported %d rates (%@ to %@).", summary.rateCount),
                                   summary.rateCount, days.string(fromISO: summary.firstDay), days.string(fromISO: summary.lastDay))
            load()
        case .failure(let error):
            statusMessage = nil
            errorMessage = error.localizedDescription
        }
    }

    private func fail(_ message: String) -> Bool {
        errorMessage = message
        statusMessage = nil
        return false
    }

    private static func isCode(_ text: String) -> Bool {
        text.count == 3 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
