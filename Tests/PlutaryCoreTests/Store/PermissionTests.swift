import Foundation
import Testing
@testable import PlutaryCore

/// What Plutary writes is the owner's alone, whatever the umask (022 here, as
/// on most desktops); a file exported over keeps the mode it had.
struct PermissionTests {
    private func mode(_ url: URL) -> Int? { PrivateFile.mode(of: url.path) }

    @Test func theDataFolderImagesBackupsAndExportsAreTheOwnersAlone() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let folder = try temporaryFolder()
        let data = folder.appendingPathComponent("data")
        let database = try AppDatabase.open(at: StoreLocation(directory: data))
        #expect(mode(data) == 0o700)
        #expect(mode(data.appendingPathComponent("plutary.sqlite")) == 0o600)
        #expect(mode(data.appendingPathComponent("plutary.sqlite-wal")) == 0o600)

        let source = folder.appendingPathComponent("receipt.jpg")
        try Data("bytes of an image".utf8).write(to: source)
        let stored = try await ImageLibrary(database: database).add(fileAt: source)
        #expect(mode(URL(fileURLWithPath: stored.path)) == 0o600)
        #expect(mode(URL(fileURLWithPath: stored.path).deletingLastPathComponent()) == 0o700)
        try await ReceiptRepository(database: database).save(ReceiptPayload(id: "r", currency: "CAD", totalAmount: "1.00",
                                                                      imageSha256: stored.sha256))

        let backup = folder.appendingPathComponent("backup")
        _ = try BackupService(database: database).backup(to: backup)
        #expect(mode(backup) == 0o700)
        for name in ["plutary.sqlite", "backup.json", "images/\(stored.sha256.prefix(2))/\(stored.sha256).jpg"] {
            #expect(mode(backup.appendingPathComponent(name)) == 0o600, "\(name)")
        }

        let export = folder.appendingPathComponent("out.csv")
        _ = try await ReceiptExporter(database: database).export(.csv(CSVOptions()), scope: .everything, to: export)
        #expect(mode(export) == 0o600)
        let shared = folder.appendingPathComponent("shared.json")
        try Data().write(to: shared)
        chmod(shared.path, 0o640)
        _ = try await ReceiptExporter(database: database).export(.json, scope: .everything, to: shared)
        #expect(mode(shared) == 0o640)
        #expect(try Data(contentsOf: shared).count > 0)
    }
}
