import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary fuzz`: runs a batch of generated inputs through the code behind
/// `parse` or `import`, in one process, for `make fuzz` (Tests/fuzz/fuzz.py).
/// Starting a process per input would make a million inputs take hours.
/// Before each input its number is written to the mark file, so when one
/// crashes the process, the script knows which and carries on after it.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run a batch of inputs (one base64 line each) through parse or import; prints the slowest as JSON.",
        shouldDisplay: false)

    enum Target: String, ExpressibleByArgument {
        case parse, `import`
    }

    @Argument(help: "parse or import.")
    var target: Target

    @Argument(help: "The batch: one input per line, base64.")
    var batch: String

    @Option(help: "File that holds the number of the input being run.")
    var mark: String

    @Option(help: "Start at this input (after a crash).")
    var from: Int = 0

    func run() throws {
        let lines = try String(contentsOfFile: batch, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let marker = open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard marker >= 0 else { throw CommandFailure(message: "cannot write \(mark)") }
        defer { close(marker) }
        let parser = ReceiptParser()
        let importer = ReceiptImporter(database: try AppDatabase.inMemory())
        var slowest = (index: -1, seconds: 0.0)
        var refused = 0, ran = 0
        for index in from..<lines.count {
            let number = "\(index)\n"
            _ = number.withCString { pwrite(marker, $0, strlen($0), 0) }
            let input = Data(base64Encoded: String(lines[index])) ?? Data()
            let start = DispatchTime.now().uptimeNanoseconds
            switch target {
            case .parse:
                _ = parser.parse(ocrText: String(decoding: input, as: UTF8.self))
            case .import:
                do { _ = try importer.importData(input) } catch { refused += 1 }
            }
            ran += 1
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds > slowest.seconds { slowest = (index, seconds) }
        }
        print(#"{"count": \#(ran), "refused": \#(refused), "slowest_index": \#(slowest.index), "slowest_seconds": \#(slowest.seconds)}"#)
    }
}
