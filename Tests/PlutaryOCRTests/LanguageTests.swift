import Foundation
import PlutaryCore
import PlutaryOCR
import Testing

@Suite struct LanguageTests {
    @Test func missingLanguageNamesTheDebianPackage() {
        #expect(throws: OCRError.self) { try OCRPipeline(options: OCROptions(languages: ["eng", "tlh_piqd"]), engines: 1) }
        do {
            _ = try OCRPipeline(options: OCROptions(languages: ["eng", "tlh_piqd"]), engines: 1)
        } catch {
            #expect(error.localizedDescription.contains("tesseract-ocr-tlh-piqd"))
            #expect(error.localizedDescription.contains("tlh_piqd"))
        }
    }

    @Test func rejectsCodesThatAreNotLanguages() {
        #expect(throws: OCRError.invalidLanguage("../eng")) {
            try OCRPipeline(options: OCROptions(languages: ["../eng"]), engines: 1)
        }
        #expect(throws: OCRError.invalidLanguage("")) { try OCRPipeline(options: OCROptions(languages: []), engines: 1) }
    }

    @Test func debianPackageNames() {
        #expect(TesseractPackage.debianName(for: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(TesseractPackage.debianName(for: "fra") == "tesseract-ocr-fra")
        #expect(TesseractPackage.debianName(for: "CHI_TRA") == "tesseract-ocr-chi-tra")
    }

    /// A tessdata folder of our own: what it lists, and the package a scan asks for.
    @Test func scannerListsItsFolderAndNamesTheMissingPackage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-tessdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["eng.traineddata", "chi_sim.traineddata", "osd.traineddata", "pdf.ttf", "fra.traineddata.part"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("configs"), withIntermediateDirectories: true)

        #expect(OCRLanguages.installed(in: folder.path) == ["chi_sim", "eng"])
        let scanner = LocalReceiptScanner(languages: ["eng"], tessdataPath: folder.path)
        #expect(await scanner.installedLanguages() == ["chi_sim", "eng"])

        // The new languages reach the next scan: it fails on the one whose data is missing.
        scanner.setLanguages(["chi_sim", "vie"])
        let image = folder.appendingPathComponent("receipt.png")
        await #expect(throws: OCRError.missingLanguage(language: "vie", debianPackage: "tesseract-ocr-vie", searchedIn: folder.path)) {
            try await scanner.scanReceipt(fileAt: image)
        }
    }

    @Test func listsInstalledLanguages() {
        let installed = OCRLanguages.installed()
        #expect(installed.contains("eng"))
        #expect(!installed.contains("osd"))
        #expect(installed == installed.sorted())
    }

    @Test func parsesPlusJoinedLists() {
        #expect(OCROptions.languages(from: "eng+chi_sim") == ["eng", "chi_sim"])
        #expect(OCROptions.languages(from: " deu ") == ["deu"])
    }
}
