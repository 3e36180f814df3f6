import Foundation
import Observation
import PlutaryCore

/// Settings → OCR: the engine that reads receipts, and which Tesseract languages read
/// them. Only installed languages can be turned on (the others name their package); the
/// order they were turned on in is kept, the first being Tesseract's primary language.
@MainActor
@Observable
public final class OCRLanguageSettingsViewModel {
    /// Offered whether installed or not: the languages receipts are most often printed in.
    public static let common = ["eng", "fra", "deu", "spa", "ita", "por", "nld", "pol", "rus",
                                "chi_sim", "chi_tra", "jpn", "kor", "vie", "tha", "ara", "hin"]

    /// The languages in use, primary first (the preference's order).
    public private(set) var selected: [String]
    /// The installed codes; nil until the tessdata folder has been listed.
    public private(set) var installed: Set<String>?

    /// The engines offered, as the `ocr-engine` setting names them, in the order of `engineNames`.
    public static let engines = ["auto", "ppocr", "tesseract"]
    /// The engine chosen: one of `engines`.
    public private(set) var engine: String
    /// Why the chosen engine does not read (Tesseract reads instead); nil when it reads or until loaded.
    public private(set) var engineNote: String?

    private let scanner: any ReceiptScanning
    private let preferences: any PreferenceStore

    @ObservationIgnored private let languageLoad = LatestLoad()
    @ObservationIgnored private let noteLoad = LatestLoad()

    public init(scanner: any ReceiptScanning, preferences: any PreferenceStore) {
        self.scanner = scanner
        self.preferences = preferences
        selected = Self.selection(in: preferences)
        engine = Self.engine(in: preferences)
    }

    public convenience init(environment: AppEnvironment) {
        self.init(scanner: environment.scanner, preferences: environment.preferences)
    }

    /// Reads the preference (a reset may have changed it), hands it to the
    /// scanner, and lists the installed languages off the main actor.
    public func load() async {
        selected = Self.selection(in: preferences)
        scanner.setLanguages(selected)
        engine = Self.engine(in: preferences)
        scanner.setEngine(engine)
        let scanner = self.scanner
        guard case .success(let found) = await languageLoad.run({ await scanner.installedLanguages() }) else { return }
        installed = Set(found)
        // A toggle may have come in while the folder was listed.
        selected = Self.selection(in: preferences)
        await refreshEngineNote()
    }

    /// The engines' names, in the order of `engines`.
    public var engineNames: [String] {
        [tr("Automatic: PP-OCR when installed"), tr("PP-OCR"), tr("Tesseract")]
    }

    /// Chooses the engine for the next scans, and says whether it can read.
    public func setEngine(_ engine: String) async {
        guard Self.engines.contains(engine), engine != self.engine else { return }
        self.engine = engine
        preferences.set(.ocrEngine, .string(engine))
        scanner.setEngine(engine)
        await refreshEngineNote()
    }

    private func refreshEngineNote() async {
        let scanner = self.scanner
        // Another choice coming in meanwhile supersedes this one; its own refresh says what holds for it.
        if case .success(let note) = await noteLoad.run({ await scanner.engineNotice() }) { engineNote = note }
    }

    /// Installed and in-use languages first, then the ones to install, each group by name.
    public var rows: [OCRLanguageRow] {
        guard let installed else { return [] }
        let codes = Set(Self.common).union(installed).union(selected)
        let rows = codes.map { row(for: $0, installed: installed.contains($0)) }
        return rows.sorted { a, b in
            let (aFirst, bFirst) = (a.isInstalled || a.isSelected, b.isInstalled || b.isSelected)
            if aFirst != bFirst { return aFirst }
            return a.name.localizedStandardCompare(b.name) == .orderedAscending
        }
    }

    /// Which languages read receipts, in order; empty until loaded.
    public var summary: String {
        guard installed != nil else { return "" }
        return String(format: tr("In use, primary first: %@"), selected.map(Self.name(of:)).joined(separator: ", "))
    }

    /// Said when no language data was found at all.
    public var missingDataNote: String? {
        guard let installed, installed.isEmpty else { return nil }
        return String(format: tr("No Tesseract language data was found: receipts cannot be read here until you install %@."),
                      TesseractPackage.debianName(for: "eng"))
    }

    /// Turns a language on (appended: the primary stays first) or off. Refused
    /// for a language not installed, and for the last one in use.
    public func setSelected(_ code: String, _ on: Bool) {
        if on {
            guard installed?.contains(code) == true, !selected.contains(code) else { return }
            selected.append(code)
        } else {
            guard selected.contains(code), selected.count > 1 else { return }
            selected.removeAll { $0 == code }
        }
        preferences.set(.ocrLanguages, .strings(selected))
        scanner.setLanguages(selected)
    }

    private func row(for code: String, installed: Bool) -> OCRLanguageRow {
        let isSelected = selected.contains(code)
        let isLast = isSelected && selected.count == 1
        let package = TesseractPackage.debianName(for: code)
        let note: String?
        switch (installed, isSelected) {
        case (false, false):
            note = String(format: tr("Install %@"), package)
        case (false, true):
            note = isLast
                ? String(format: tr("Not installed: scans fail until you install %@, or turn on another language and this one off"), package)
                : String(format: tr("Not installed: scans fail until you install %@ or turn it off"), package)
        case (true, true) where isLast:
            note = tr("At least one language must stay on")
        case (true, _):
            note = nil
        }
        return OCRLanguageRow(code: code, name: Self.name(of: code), isInstalled: installed, isSelected: isSelected,
                              isEnabled: isSelected ? !isLast : installed, note: note, isWarning: isSelected && !installed)
    }

    /// The engine the preference names; automatic for a name not offered.
    private static func engine(in preferences: any PreferenceStore) -> String {
        let name = preferences.string(.ocrEngine)
        return engines.contains(name) ? name : "auto"
    }

    /// The selection the preference holds; English when it holds none.
    private static func selection(in preferences: any PreferenceStore) -> [String] {
        var seen = Set<String>()
        let languages = preferences.strings(.ocrLanguages).filter { seen.insert($0).inserted }
        return languages.isEmpty ? ["eng"] : languages
    }

    /// The translated name of a Tesseract language code; the code itself for one we do not know.
    public static func name(of code: String) -> String {
        switch code {
        case "eng": tr("English")
        case "fra": tr("French")
        case "deu": tr("German")
        case "spa": tr("Spanish")
        case "ita": tr("Italian")
        case "por": tr("Portuguese")
        case "nld": tr("Dutch")
        case "pol": tr("Polish")
        case "rus": tr("Russian")
        case "ukr": tr("Ukrainian")
        case "ces": tr("Czech")
        case "ell": tr("Greek")
        case "tur": tr("Turkish")
        case "dan": tr("Danish")
        case "swe": tr("Swedish")
        case "nor": tr("Norwegian")
        case "fin": tr("Finnish")
        case "chi_sim": tr("Chinese (Simplified)")
        case "chi_tra": tr("Chinese (Traditional)")
        case "jpn": tr("Japanese")
        case "kor": tr("Korean")
        case "vie": tr("Vietnamese")
        case "tha": tr("Thai")
        case "ind": tr("Indonesian")
        case "tgl": tr("Tagalog")
        case "ara": tr("Arabic")
        case "heb": tr("Hebrew")
        case "hin": tr("Hindi")
        case "pan": tr("Punjabi")
        default: code
        }
    }
}
