import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryPresentation

/// A scanner with a fixed set of installed languages that records what it is told.
private final class LanguageScanner: ReceiptScanning {
    private struct Record {
        var told: [[String]] = []
        var listedOnMainThread: [Bool] = []
        var engines: [String] = []
        var askedOnMainThread: [Bool] = []
    }

    let installed: [String]
    private let record = Mutex(Record())

    init(installed: [String]) { self.installed = installed }

    var parallelism: Int { 1 }
    var told: [[String]] { record.withLock { $0.told } }
    var listedOnMainThread: [Bool] { record.withLock { $0.listedOnMainThread } }
    var engines: [String] { record.withLock { $0.engines } }
    var askedOnMainThread: [Bool] { record.withLock { $0.askedOnMainThread } }

    func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws { throw CocoaError(.featureUnsupported) }
    func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt { throw CocoaError(.featureUnsupported) }

    func installedLanguages() async -> [String] {
        record.withLock { $0.listedOnMainThread.append(Thread.isMainThread) }
        return installed
    }

    func setLanguages(_ languages: [String]) {
        record.withLock { $0.told.append(languages) }
    }

    func setEngine(_ engine: String) {
        record.withLock { $0.engines.append(engine) }
    }

    /// Like a machine without PP-OCR: any engine but Tesseract is missing.
    func engineNotice() async -> String? {
        record.withLock { record in
            record.askedOnMainThread.append(Thread.isMainThread)
            return record.engines.last == "tesseract" ? nil : "PP-OCR is not installed"
        }
    }
}

@MainActor
struct OCRLanguageSettingsViewModelTests {
    private func loaded(installed: [String], selected: [String]? = nil)
        async -> (OCRLanguageSettingsViewModel, LanguageScanner, MemoryPreferenceStore) {
        let scanner = LanguageScanner(installed: installed)
        let preferences = MemoryPreferenceStore()
        if let selected { preferences.set(.ocrLanguages, .strings(selected)) }
        let model = OCRLanguageSettingsViewModel(scanner: scanner, preferences: preferences)
        await model.load()
        return (model, scanner, preferences)
    }

    @Test func listsInstalledAndCommonLanguagesAndNamesThePackageOfTheMissingOnes() async throws {
        let (model, scanner, _) = await loaded(installed: ["chi_sim", "deu", "eng", "fra", "xyz_old"])
        #expect(model.rows.isEmpty == false)
        #expect(scanner.listedOnMainThread == [false])
        // Installed first, by name; an unknown code shows as itself.
        #expect(model.rows.prefix(5).map(\.name) == ["Chinese (Simplified)", "English", "French", "German", "xyz_old"])
        #expect(model.rows.prefix(5).allSatisfy { $0.isInstalled })
        let codes = Set(model.rows.map(\.code))
        #expect(codes == Set(OCRLanguageSettingsViewModel.common).union(["xyz_old"]))
        #expect(model.rows.count == codes.count)

        let spanish = try #require(model.rows.first { $0.code == "spa" })
        #expect(spanish.name == "Spanish" && !spanish.isInstalled && !spanish.isSelected && !spanish.isEnabled)
        #expect(spanish.note == "Install tesseract-ocr-spa")
        #expect(!spanish.isWarning)
        let traditional = try #require(model.rows.first { $0.code == "chi_tra" })
        #expect(traditional.note == "Install tesseract-ocr-chi-tra")
        let french = try #require(model.rows.first { $0.code == "fra" })
        #expect(french.isInstalled && french.isEnabled && !french.isSelected && french.note == nil)
        #expect(model.missingDataNote == nil)
    }

    @Test func onlyInstalledLanguagesTurnOnAndTheOrderIsKept() async throws {
        let (model, scanner, preferences) = await loaded(installed: ["chi_sim", "deu", "eng", "fra"])
        #expect(model.selected == ["eng"])
        #expect(scanner.told == [["eng"]])

        model.setSelected("chi_sim", true)
        model.setSelected("fra", true)
        #expect(preferences.strings(.ocrLanguages) == ["eng", "chi_sim", "fra"])
        #expect(scanner.told.last == ["eng", "chi_sim", "fra"])
        #expect(model.summary == "In use, primary first: English, Chinese (Simplified), French")

        // Missing data cannot be turned on.
        model.setSelected("spa", true)
        #expect(preferences.strings(.ocrLanguages) == ["eng", "chi_sim", "fra"])

        // Turning the primary off makes the next one primary.
        model.setSelected("eng", false)
        #expect(preferences.strings(.ocrLanguages) == ["chi_sim", "fra"])
        #expect(scanner.told.last == ["chi_sim", "fra"])
        model.setSelected("eng", true)
        #expect(preferences.strings(.ocrLanguages) == ["chi_sim", "fra", "eng"])
        #expect(scanner.told == [["eng"], ["eng", "chi_sim"], ["eng", "chi_sim", "fra"], ["chi_sim", "fra"], ["chi_sim", "fra", "eng"]])
    }

    @Test func theLastLanguageStaysOnAndSaysWhy() async throws {
        let (model, scanner, preferences) = await loaded(installed: ["eng", "fra"], selected: ["fra", "eng"])
        model.setSelected("fra", false)
        let english = try #require(model.rows.first { $0.code == "eng" })
        #expect(english.isSelected && !english.isEnabled)
        #expect(english.note == "At least one language must stay on")

        let told = scanner.told.count
        model.setSelected("eng", false)
        #expect(preferences.strings(.ocrLanguages) == ["eng"])
        #expect(scanner.told.count == told)
        #expect(model.rows.first { $0.code == "eng" }?.isSelected == true)

        // With two on, either can go.
        model.setSelected("fra", true)
        #expect(model.rows.filter(\.isSelected).allSatisfy { $0.isEnabled })
        #expect(model.rows.filter(\.isSelected).allSatisfy { $0.note == nil })
    }

    @Test func aLanguageInUseButNoLongerInstalledIsShownAndCanBeTurnedOff() async throws {
        let (model, scanner, preferences) = await loaded(installed: ["eng"], selected: ["eng", "vie", "tlh"])
        let vietnamese = try #require(model.rows.first { $0.code == "vie" })
        #expect(vietnamese.isSelected && !vietnamese.isInstalled && vietnamese.isEnabled && vietnamese.isWarning)
        #expect(vietnamese.note == "Not installed: scans fail until you install tesseract-ocr-vie or turn it off")
        // A code neither common nor installed still gets its row, so it can be turned off.
        let klingon = try #require(model.rows.first { $0.code == "tlh" })
        #expect(klingon.name == "tlh" && klingon.isSelected && klingon.isEnabled)
        #expect(model.rows.prefix(3).map(\.code).sorted() == ["eng", "tlh", "vie"])

        model.setSelected("vie", false)
        model.setSelected("tlh", false)
        #expect(preferences.strings(.ocrLanguages) == ["eng"])
        #expect(scanner.told.last == ["eng"])
        #expect(model.rows.first { $0.code == "vie" }?.note == "Install tesseract-ocr-vie")
        #expect(model.rows.contains { $0.code == "tlh" } == false)
        // Once off, it cannot come back while it is missing.
        model.setSelected("vie", true)
        #expect(model.selected == ["eng"])
    }

    @Test func loadingAgainFollowsTheStoredPreferenceAndTellsTheScanner() async throws {
        let (model, scanner, preferences) = await loaded(installed: ["deu", "eng"], selected: ["deu"])
        #expect(scanner.told == [["deu"]])
        preferences.resetAll() // Settings → Data → reset everything
        await model.load()
        #expect(model.selected == ["eng"])
        #expect(scanner.told.last == ["eng"])
    }

    @Test func withoutAnyLanguageDataItSaysWhatToInstall() async {
        let (model, _, _) = await loaded(installed: [])
        #expect(model.missingDataNote == "No Tesseract language data was found: receipts cannot be read here until you install tesseract-ocr-eng.")
        #expect(model.rows.allSatisfy { !$0.isInstalled })
        #expect(model.rows.filter(\.isEnabled).isEmpty)
    }

    @Test func nothingIsListedBeforeTheFolderIsRead() {
        let model = OCRLanguageSettingsViewModel(scanner: LanguageScanner(installed: ["eng"]), preferences: MemoryPreferenceStore())
        #expect(model.rows.isEmpty)
        #expect(model.summary.isEmpty)
        #expect(model.missingDataNote == nil)
    }

    @Test func engineComesFromThePreferenceAndGoesToTheScanner() async {
        let scanner = LanguageScanner(installed: ["eng"])
        let preferences = MemoryPreferenceStore()
        let model = OCRLanguageSettingsViewModel(scanner: scanner, preferences: preferences)
        #expect(model.engine == "auto" && model.engineNote == nil)
        await model.load()
        #expect(scanner.engines == ["auto"])
        #expect(model.engineNote == "PP-OCR is not installed")
        #expect(scanner.askedOnMainThread == [false])

        await model.setEngine("tesseract")
        #expect(model.engine == "tesseract" && preferences.string(.ocrEngine) == "tesseract")
        #expect(scanner.engines == ["auto", "tesseract"])
        #expect(model.engineNote == nil)
        #expect(model.engineNames.count == OCRLanguageSettingsViewModel.engines.count)
    }

    @Test func unknownEnginesAreRefused() async {
        let preferences = MemoryPreferenceStore()
        preferences.set(.ocrEngine, .string("easyocr"))
        let scanner = LanguageScanner(installed: ["eng"])
        let model = OCRLanguageSettingsViewModel(scanner: scanner, preferences: preferences)
        #expect(model.engine == "auto")
        await model.setEngine("easyocr")
        #expect(model.engine == "auto" && scanner.engines.isEmpty)
    }
}
