import Foundation
import PlutaryCore

/// The Tesseract language data on this machine.
public enum OCRLanguages {
    /// Where distributions (and our Flatpak) put tessdata, in the order we look.
    static let standardLocations = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/app/share/tessdata",
    ]

    /// The tessdata folder to use: `TESSDATA_PREFIX` if set, else the first standard one holding eng or any data.
    public static func dataPath() -> String? {
        var candidates = standardLocations
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            // Tesseract 5 wants the tessdata folder itself; older docs name its parent.
            candidates.insert(contentsOf: [prefix, (prefix as NSString).appendingPathComponent("tessdata")], at: 0)
        }
        return candidates.first { !installed(in: $0).isEmpty }
    }

    /// The language codes installed, sorted; `osd` (orientation detection) is not a language.
    public static func installed(in path: String? = nil) -> [String] {
        guard let folder = path ?? dataPath(),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return [] }
        return names.compactMap { name in
            guard name.hasSuffix(".traineddata") else { return nil }
            let code = String(name.dropLast(".traineddata".count))
            return code == "osd" ? nil : code
        }.sorted()
    }

    /// Throws unless every language has its traineddata in `path`.
    static func validate(_ languages: [String], in path: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-"))
        for language in languages {
            // Tesseract joins codes with "+" and builds file paths from them.
            guard !language.isEmpty, language.unicodeScalars.allSatisfy(allowed.contains) else {
                throw OCRError.invalidLanguage(language)
            }
            let file = (path as NSString).appendingPathComponent(language + ".traineddata")
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw OCRError.missingLanguage(
                    language: language, debianPackage: TesseractPackage.debianName(for: language), searchedIn: path)
            }
        }
    }
}
