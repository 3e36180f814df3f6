import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary parse`: the parser alone, on OCR text files or standard input.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse receipt text (OCR output) into receipts, without images.")

    @Flag(help: "Print JSON Lines, one object per input, in input order.")
    var json = false

    @Argument(help: "Text files, or - for standard input.")
    var files: [String] = ["-"]

    func run() throws {
        let parser = ReceiptParser()
        let output = ReceiptOutput(json: json)
        output.header()
        var failed = false
        for file in files {
            do {
                // Any encoding: old OCR tools wrote Latin-1 or Windows-1252.
                let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                let text = ReceiptTextDecoder.decode(data)
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
}
