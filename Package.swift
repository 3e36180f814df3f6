// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Plutary",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "plutary", targets: ["plutary"]),
        // Libraries exposed for out-of-tree development harnesses (benchmarks, experiments).
        .library(name: "PlutaryCore", targets: ["PlutaryCore"]),
        .library(name: "PlutaryOCR", targets: ["PlutaryOCR"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the tests read the CSV exports back with it, as a second, independent reader.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "CGtkShims", dependencies: ["CGtk"]),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .target(name: "PlutaryCore", dependencies: [
            "CIntl", .product(name: "GRDB", package: "GRDB.swift"),
            // SQLite's C API, for the inserts an import runs millions of times (RowInsert).
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // ONNX Runtime is dlopen()ed: nothing to link but libdl.
        .target(name: "CONNXRuntime", linkerSettings: [.linkedLibrary("dl")]),
        // SANE is dlopen()ed too, so scanning is optional at run time.
        .target(name: "CSANE", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "PlutaryOCR", dependencies: ["PlutaryCore", "CTesseract", "CONNXRuntime", "CPoppler", "CSANE"]),
        .target(name: "PlutarySecrets", dependencies: ["PlutaryCore", "CSecret"]),
        .target(name: "PlutaryCharts", dependencies: ["PlutaryCore", "CGtk"]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkShims"]),
        .target(name: "PlutaryPresentation", dependencies: ["PlutaryCore"]),
        .target(name: "PlutaryApp", dependencies: [
            "PlutaryCore", "PlutaryOCR", "PlutarySecrets", "PlutaryCharts", "GtkKit", "PlutaryPresentation", "CGtk",
        ]),
        .executableTarget(name: "plutary", dependencies: [
            "GtkKit", "PlutaryApp", "PlutaryCore", "PlutaryOCR", "PlutarySecrets",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "PlutaryCoreTests", dependencies: [
            "PlutaryCore", .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "CSV", package: "CSV.swift"),
        ]),
        .testTarget(name: "PlutaryOCRTests", dependencies: ["PlutaryOCR", "PlutaryCore", "CGtk"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "CGtkShims"]),
        .testTarget(name: "PlutaryPresentationTests", dependencies: ["PlutaryPresentation", "PlutaryCore"]),
        .testTarget(name: "PlutaryAnalysisTests", dependencies: ["PlutaryCore", "PlutaryOCR", "PlutarySecrets", "PlutaryPresentation"], exclude: ["Fixtures"]),
        .testTarget(name: "PlutaryAppTests", dependencies: ["PlutaryApp", "GtkKit", "CGtk"]),
        .testTarget(name: "PlutaryChartsTests", dependencies: ["PlutaryCharts", "PlutaryCore", "CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)
