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
    @ObservationIgnored private let loads = LatestLoad()
    /// The newest deletion; each has its own, so a second never cancels the first's write.
    @ObservationIgnored private var edits = LatestLoad()

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

    /// Reads the rates off the main actor; the list changes once they are in.
    public func load() {
        let rates = self.rates, days = days, separator = locale.decimalSeparator ?? ".", listed = Self.listedRates
        loads.start({
            let all = try await rates.rates()
            // Formatted here too: a historical ECB file holds over 100 000 rates.
            return (all.count, all.prefix(listed).map { RateRow(rate: $0, days: days, decimalSeparator: separator) })
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let (count, rows)):
                rateCount = count
                self.rows = rows
            case .failure(let error):
                errorMessage = String(format: tr("Could not read the exchange rates: %@"), error.localizedDescription)
            }
        }
    }

    /// Returns once the newest deletion, and the load after it, have been applied.
    public func finishLoading() async {
        await edits.finish()
        await loads.finish()
    }

    /// `load`, returning once the list shows what it read.
    private func reload() async {
        load()
        await loads.finish()
    }

    public func selectPrimary(at index: Int) {
        guard currencies.indices.contains(index), currencies[index].code != primaryCurrency else { return }
        primaryCurrency = currencies[index].code
        preferences.set(.primaryCurrency, .string(primaryCurrency))
    }

    /// Adds a rate typed by the person: "1 BASE = RATE QUOTE on DAY", written off the
    /// main actor; true once it is saved and listed. False, with a message, when a field
    /// is not valid (said at once, before anything is written) or the rate could not be saved.
    @discardableResult
    public func addRate(day: String, base: String, quote: String, rate: String) async -> Bool {
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
        let rates = self.rates, entered = ExchangeRate(day: day, base: base, quote: quote, rate: value, source: .manual)
        // A LatestLoad of its own: a second rate added meanwhile must not cancel this one's write.
        guard let result = await LatestLoad().run({ try await rates.save(entered) }) else { return false }
        switch result {
        case .success:
            errorMessage = nil
            statusMessage = String(format: tr("Saved 1 %@ = %@ %@ on %@."), base, text, quote, days.string(fromISO: day))
            await reload()
            return true
        case .failure(let error):
            return fail(String(format: tr("Could not save the rate: %@"), error.localizedDescription))
        }
    }

    /// Deletes a rate off the main actor, then reads the list again.
    public func delete(_ row: RateRow) {
        let rates = self.rates, rate = row.rate
        edits = LatestLoad()
        edits.start({ try await rates.delete(rate) }) { [weak self] result in
            guard let self else { return }
            do {
                try result.get()
                load()
            } catch {
                errorMessage = String(format: tr("Could not delete the rate: %@"), error.localizedDescription)
            }
        }
    }

    /// Imports an ECB reference-rate file (daily or historical) off the main actor and
    /// returns once the list shows it; a bad file changes nothing and says why.
    public func importECB(from url: URL) async {
        isImporting = true
        statusMessage = tr("Importing…")
        errorMessage = nil
        let rates = self.rates
        guard let result = await ecbImport.run({ try await rates.importECB(fileAt: url) }) else { return }
        isImporting = false
        switch result {
        case .success(let summary):
            statusMessage = String(format: trn("Imported %d rate (%@ to %@).", "Imported %d rates (%@ to %@).", summary.rateCount),
                                   summary.rateCount, days.string(fromISO: summary.firstDay), days.string(fromISO: summary.lastDay))
            await reload()
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
