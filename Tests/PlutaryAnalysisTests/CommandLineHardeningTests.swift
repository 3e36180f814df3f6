import Foundation
import GRDB
import PlutaryCore
import Testing

/// The command line against a busy store and a plain-http service.
@Suite struct CommandLineHardeningTests {
    /// Another writer holds the database for 7 s (the old limit was 5): the import waits its turn.
    @Test func aSecondWriterWaitsForTheFirst() async throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        _ = try AppDatabase.open(at: StoreLocation(directory: data))
        let file = directory.appendingPathComponent("one.json")
        try Data(#"{"format":"plutary-receipts","format_version":1,"receipts":[{"id":"w1","currency":"CAD","line_items":[]}]}"#.utf8)
            .write(to: file)
        let holder = try DatabaseQueue(path: data.appendingPathComponent("plutary.sqlite").path)
        let locked = AsyncStream<Void>.makeStream()
        let hold = Task.detached {
            try holder.inTransaction(.immediate) { _ in
                locked.continuation.yield()
                Thread.sleep(forTimeInterval: 7)
                return .commit
            }
        }
        for await _ in locked.stream { break }
        let run = try PlutaryBinary.run(["import", "--data-dir", data.path, file.path], directory: directory)
        try await hold.value
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Imported 1 new"))
    }

    @Test func plainHTTPToAnotherMachineIsWarnedAbout() throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try TestImage.write(in: directory)
        let run = try PlutaryBinary.run(["analyze", "--data-dir", directory.appendingPathComponent("data").path, "--provider", "rest",
                                         "--base-url", "http://receipts.invalid", "--timeout", "2", image.path],
                                        environment: ["PLUTARY_API_TOKEN": "t"], directory: directory)
        #expect(run.stderr.contains("Warning: http://receipts.invalid is plain http to another machine"), "\(run.stderr)")
    }

    /// A Latin-1 file name ("café" with é as the byte 0xE9) is not valid UTF-8; it is read all the same.
    @Test(arguments: [("scan --json --engine tesseract", "ppm"), ("parse --json", "txt")])
    func aFileNameThatIsNotUTF8IsRead(command: String, fileExtension: String) throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let contents = fileExtension == "ppm" ? try Data(contentsOf: try TestImage.write(in: directory))
            : Data("CORNER BAKERY\nTOTAL 9.08\n".utf8)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let rawName = Array(directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".\(fileExtension)".utf8)
        let descriptor = (rawName.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) }
        #expect(descriptor >= 0)
        _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // Only a shell hands the binary the raw bytes: Swift's Process takes Strings.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" $2 "$(printf '%s/caf\351.%s' "$1" "$3")""#,
                             PlutaryBinary.url.path, directory.path, command, fileExtension]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("caf\u{FFFD}.\(fileExtension)"), "the source names the file as it decodes: \(output)")
        if fileExtension == "txt" { #expect(output.contains("\"9.08\""), "\(output)") }
    }

    /// The database refuses the receipt (a trigger here; a full disk or a crash elsewhere): the
    /// image `scan --save` copied in for it is taken out again, file and row.
    @Test func anImageWhoseReceiptIsRefusedIsNotKept() throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let database = try AppDatabase.open(at: StoreLocation(directory: data))
        try database.writer.write {
            try $0.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON receipts BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
        }
        let image = try TestImage.write(in: directory)
        let run = try PlutaryBinary.run(["scan", "--save", "--json", "--engine", "tesseract", "--data-dir", data.path, image.path],
                                        directory: directory)
        #expect(run.status == 1, "a receipt asked to be saved and not saved is a failure")
        #expect(run.stdout.contains("not saved: ") && run.stdout.contains("refused by the test"), "\(run.stdout)")
        let images = data.appendingPathComponent("images")
        let files = (FileManager.default.enumerator(at: images, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        #expect(files.isEmpty, "\(files)")
        #expect(try database.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM image_files") } == 0)
    }
}
