import Foundation
import PlutaryOCR

/// Finds the app's data (compiled schema, CSS, translations, PP-OCR's library and models) next
/// to an installed binary (PREFIX/bin → PREFIX/share, PREFIX/lib) or, when run from the build
/// folder, in the source tree and what the Makefile put into .build (schemas, locale, ppocr).
public struct AppResources {
    let schemaDirectory: URL?
    let cssFile: URL?
    let localeDirectory: URL?
    /// nil when the library or a model is missing: then Tesseract reads.
    public let ppocrFiles: PPOCRFiles?

    static let appId = "io.github.plutary.Plutary"

    public static func locate(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()) -> AppResources {
        let fm = FileManager.default
        let binDir = executable.deletingLastPathComponent()
        let prefixShare = binDir.deletingLastPathComponent().appendingPathComponent("share")
        let prefixLib = binDir.deletingLastPathComponent().appendingPathComponent("lib")
        func existing(_ url: URL) -> URL? { fm.fileExists(atPath: url.path) ? url : nil }

        var sourceTree: URL?
        var dir = binDir
        for _ in 0..<6 {
            if fm.fileExists(atPath: dir.appendingPathComponent("data/\(appId).gschema.xml").path) { sourceTree = dir; break }
            dir = dir.deletingLastPathComponent()
        }
        let env = ProcessInfo.processInfo.environment
        let schema = env["PLUTARY_SCHEMA_DIR"].map { URL(fileURLWithPath: $0) }
            ?? existing(prefixShare.appendingPathComponent("glib-2.0/schemas/gschemas.compiled")).map { $0.deletingLastPathComponent() }
            ?? sourceTree.flatMap { existing($0.appendingPathComponent(".build/schemas/gschemas.compiled")) }.map { $0.deletingLastPathComponent() }
        let css = existing(prefixShare.appendingPathComponent("plutary/style.css"))
            ?? sourceTree.flatMap { existing($0.appendingPathComponent("data/style.css")) }
        // `make mo` builds the source tree's catalogues into .build/locale.
        let locale = [prefixShare.appendingPathComponent("locale"), sourceTree?.appendingPathComponent(".build/locale")]
            .compactMap { $0 }
            .first { holdsCatalogue($0, fileManager: fm) }
        // `make deps` unpacks PP-OCR into .build/ppocr; `make install` puts it under the prefix.
        let ppocrBuild = sourceTree?.appendingPathComponent(".build/ppocr")
        let ppocr = PPOCRFiles.find(
            libraryDirectories: [prefixLib.appendingPathComponent("plutary"), ppocrBuild?.appendingPathComponent("lib")].compactMap { $0 },
            modelDirectories: [prefixShare.appendingPathComponent("plutary/models"), ppocrBuild?.appendingPathComponent("models")].compactMap { $0 })
        return AppResources(schemaDirectory: schema, cssFile: css, localeDirectory: locale, ppocrFiles: ppocr)
    }

    /// Whether `directory` has a plutary.mo for at least one language (LANG/LC_MESSAGES/plutary.mo).
    private static func holdsCatalogue(_ directory: URL, fileManager fm: FileManager) -> Bool {
        guard let languages = try? fm.contentsOfDirectory(atPath: directory.path) else { return false }
        return languages.contains { fm.fileExists(atPath: directory.appendingPathComponent("\($0)/LC_MESSAGES/\(Gettext.domain).mo").path) }
    }
}
