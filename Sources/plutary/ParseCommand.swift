import ArgumentParser
import Foundation
import GtkKit
import PlutaryCore

/// `plutary parse`: the parser alone, on OCR text files or standard input.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse receipt text (OCR output) into receipts, without images.")

    @Flag(help: "Print JSON Lines, one object per input, in input order.")
    var json = false

    // For Benchmarks/fit_weights.py: one JSON line per candidate with its features, no labels.
    @Flag(help: .hidden)
    var candidates = false

    @Argument(help: "Text files, or - for standard input.")
    var files: [String] = ["-"]

    func run() throws {
        let parser = ReceiptParser()
        let output = ReceiptOutput(json: json)
        if !candidates { output.header() }
        var failed = false
        defer { LocalFile.removeCopies() }
        for file in files {
            do {
                // Any encoding: old OCR tools wrote Latin-1 or Windows-1252.
                let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile()
                    : try Data(contentsOf: RawFileArguments.readableURLs(for: [file])[0])
                let text = ReceiptTextDecoder.decode(data)
                if candidates {
                    try printCandidates(parser.candidates(ocrText: text), source: file)
                    continue
                }
                var payload = parser.parse(ocrText: text)
                payload.source = file
                output.success(payload)
            } catch {
                failed = true
                output.failure(source: file, error: error)
            }
        }
        if failed { throw ExitCode(1) }
    }

    private struct CandidateLine: Encodable {
        let source: String, field: String, value: String, probability: Double, features: [String: Double]
    }

    private func printCandidates(_ fields: [String: [FieldCandidate<String>]], source: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (field, list) in fields.sorted(by: { $0.key < $1.key }) {
            for candidate in list {
                let line = CandidateLine(source: source, field: field, value: candidate.value, probability: candidate.confidence,
                                         features: candidate.features)
                print(String(decoding: try encoder.encode(line), as: UTF8.self))
            }
        }
    }
}
