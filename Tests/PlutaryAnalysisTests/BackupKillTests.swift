import Foundation
import GRDB
import PlutaryCore
import Testing

/// `plutary backup` and `plutary restore` killed (SIGKILL) while they copy a
/// large image, at several points, then run again: no image is ever left
/// truncated under its own name, the killed restore changed nothing, and the
/// re-run leaves every file whole, checked file by file.
@Suite(.serialized) struct BackupKillTests {
    /// After the copy of the large image is seen starting: at once, a little later, later still.
    static let killDelays: [Double] = [0, 0.1, 0.4]

    /// A data folder with one 8 MB image and a few small ones, each with a receipt.
    private func store(in directory: URL) async throws -> (data: URL, large: String) {
        let data = directory.appendingPathComponent("data")
        let database = try AppDatabase.open(at: StoreLocation(directory: data))
        let library = ImageLibrary(database: database)
        var large = ""
        for index in 0..<4 {
            let count = index == 0 ? 8_000_000 : 2000 + index
            let file = directory.appendingPathComponent("image\(index).bin")
            try Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761 &+ index) >> 7) }).write(to: file)
            let stored = try await library.add(fileAt: file)
            if index == 0 { large = stored.sha256 }
            try await ReceiptRepository(database: database).save(ReceiptPayload(id: "r\(index)", currency: "CAD", totalAmount: "1.00",
                                                                          imageSha256: stored.sha256))
        }
        return (data, large)
    }

    /// The images under `folder` (hidden temporaries left out), each checked against the hash its name gives.
    private func expectWhole(_ folder: URL, _ context: String) throws -> Set<String> {
        var names = Set<String>()
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        for case let file as URL in try #require(walker) {
            guard !file.hasDirectoryPath, (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let stem = file.deletingPathExtension().lastPathComponent
            #expect(try SHA256.hex(ofFileAt: file) == stem, "\(context): \(file.lastPathComponent) is not whole")
            names.insert(stem)
        }
        return names
    }

    private func strings(_ database: AppDatabase, _ sql: String) throws -> [String] {
        try database.writer.read { try String.fetchAll($0, sql: sql) }
    }

    /// Starts plutary, waits until the large image's copy has begun (under any of `names`), waits `delay`,
    /// kills it; false when it finished first.
    private func kill(_ arguments: [String], whenAnyExists names: [URL], after delay: Double, in directory: URL) async throws -> Bool {
        let (process, _, _) = try PlutaryBinary.start(arguments, directory: directory)
        while process.isRunning && !names.contains(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        guard process.isRunning else { return false }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    @Test func aKilledBackupIsCompletedByTheNextRun() async throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (data, large) = try await store(in: directory)
        let partial = { (backup: URL) in backup.appendingPathComponent("images/\(large.prefix(2))/.\(large).bin.partial") }
        let final = { (backup: URL) in backup.appendingPathComponent("images/\(large.prefix(2))/\(large).bin") }
        for (index, delay) in Self.killDelays.enumerated() {
            let backup = directory.appendingPathComponent("backup\(index)")
            let killed = try await kill(["backup", "--data-dir", data.path, backup.path], whenAnyExists: [partial(backup), final(backup)], after: delay,
                                        in: directory)
            #expect(killed, "the backup ended before the kill (delay \(delay))")
            _ = try expectWhole(backup.appendingPathComponent("images"), "killed after \(delay) s")
            let again = try PlutaryBinary.run(["backup", "--data-dir", data.path, backup.path], directory: directory)
            #expect(again.status == 0, "\(again.stderr)")
            let copied = try expectWhole(backup.appendingPathComponent("images"), "re-run after \(delay) s")
            #expect(copied == (try expectWhole(data.appendingPathComponent("images"), "data folder")))
            #expect(!FileManager.default.fileExists(atPath: partial(backup).path))
        }
    }

    @Test func aKilledRestoreChangesNothingAndTheNextRunCompletesIt() async throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (data, large) = try await store(in: directory)
        let backup = directory.appendingPathComponent("backup")
        try #require(try PlutaryBinary.run(["backup", "--data-dir", data.path, backup.path], directory: directory).status == 0)
        for (index, delay) in Self.killDelays.enumerated() {
            let target = directory.appendingPathComponent("target\(index)")
            do {
                let database = try AppDatabase.open(at: StoreLocation(directory: target))
                try await ReceiptRepository(database: database).save(ReceiptPayload(id: "mine", currency: "CAD", totalAmount: "5.00"))
            }
            let partial = target.appendingPathComponent("images/\(large.prefix(2))/.\(large).bin.partial")
            let final = target.appendingPathComponent("images/\(large.prefix(2))/\(large).bin")
            let arguments = ["restore", "--yes", "--data-dir", target.path, backup.path]
            let killed = try await kill(arguments, whenAnyExists: [partial, final], after: delay, in: directory)
            #expect(killed, "the restore ended before the kill (delay \(delay))")
            _ = try expectWhole(target.appendingPathComponent("images"), "killed after \(delay) s")
            let database = try AppDatabase.open(at: StoreLocation(directory: target))
            #expect(try strings(database, "SELECT id FROM receipts") == ["mine"])
            #expect(try strings(database, "PRAGMA integrity_check") == ["ok"])

            let again = try PlutaryBinary.run(arguments, directory: directory)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try strings(database, "SELECT id FROM receipts ORDER BY id") == ["r0", "r1", "r2", "r3"])
            #expect(try expectWhole(target.appendingPathComponent("images"), "re-run after \(delay) s")
                    == (try expectWhole(backup.appendingPathComponent("images"), "backup")))
            for line in try strings(database, "SELECT sha256 || ' ' || path FROM image_files") {
                let (sha, path) = (String(line.prefix(64)), String(line.dropFirst(65)))
                #expect(path.hasPrefix(target.appendingPathComponent("images").path + "/"))
                #expect(try SHA256.hex(ofFileAt: URL(fileURLWithPath: path)) == sha)
            }
        }
    }
}
