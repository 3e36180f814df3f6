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
        #expect(OCRLanguages.debianPackage(for: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(OCRLanguages.debianPackage(for: "fra") == "tesseract-ocr-fra")
        #expect(OCRLanguages.debianPackage(for: "deu") == "tesseract-ocr-deu")
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
