import Foundation
import PlutaryCore
import PlutarySecrets
import Testing

/// libsecret against a real gnome-keyring-daemon in the test's D-Bus session.
@Suite(.serialized, .enabled(if: KeyringDaemon.hasSessionBus, "no D-Bus session bus: run the tests under dbus-run-session (make unit-test does)"))
struct KeyringTokenStoreTests {
    typealias Answer = ScriptedServer.Answer

    init() throws {
        try #require(KeyringDaemon.ready, "gnome-keyring-daemon did not come up on the session bus")
    }

    @Test func storeReadBackReplaceAndDelete() throws {
        let keyring = KeyringTokenStore()
        #expect(keyring.isAvailable)
        let rest = TokenAccount(provider: "rest", baseURL: "https://api.example.test")
        let openai = TokenAccount(provider: "openai", baseURL: "http://127.0.0.1:8080")
        try keyring.deleteAll()
        #expect(try keyring.token(for: rest) == nil)

        try keyring.store("first-token", for: rest)
        try keyring.store("other-token", for: openai)
        #expect(try keyring.token(for: rest) == "first-token")
        #expect(try keyring.token(for: openai) == "other-token")
        #expect(try keyring.count() == 2)

        try keyring.store("second-token", for: rest)
        #expect(try keyring.token(for: rest) == "second-token")
        #expect(try keyring.count() == 2, "replacing must not add an item")
        // A fresh store object (a new process would do the same) reads what the keyring holds.
        #expect(try KeyringTokenStore().token(for: rest) == "second-token")

        try keyring.deleteToken(for: rest)
        #expect(try keyring.token(for: rest) == nil)
        #expect(try keyring.token(for: openai) == "other-token")
        #expect(try keyring.deleteAll() == 1)
        #expect(try keyring.count() == 0)
        #expect(try keyring.token(for: openai) == nil)
    }

    @Test func theCommandLineStoresTheTokenItUsesAndItAppearsNowhereElse() throws {
        let token = "plutary-canary-\(UUID().uuidString)"
        let server = try ScriptedServer(["/analyze": [Answer(body: ["merchant": "Lidl", "total": "3.10", "currency": "EUR"], token: token)]])
        let directory = TestImage.temporaryDirectory()
        let image = try TestImage.write(in: directory)
        let dataDir = directory.appendingPathComponent("data")
        let config = directory.appendingPathComponent("config")
        // GSettings through the keyfile backend in a private folder, so what the app writes there can be read.
        let environment = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path]
        let service = ["--provider", "rest", "--base-url", server.baseURL]

        let set = try PlutaryBinary.run(["token", "set"] + service, environment: environment, stdin: token + "\n", directory: directory)
        #expect(set.status == 0, "\(set.stderr)")
        let status = try PlutaryBinary.run(["token", "status"] + service, environment: environment, directory: directory)
        #expect(status.status == 0 && status.stdout.contains("A token is stored"))
        #expect(try KeyringTokenStore().token(for: TokenAccount(provider: "rest", baseURL: server.baseURL)) == token)

        // No PLUTARY_API_TOKEN: the server only answers with the keyring's token.
        let analyze = try PlutaryBinary.run(["analyze", "--queue", "--json", "--data-dir", dataDir.path] + service + [image.path],
                                            environment: environment, directory: directory)
        #expect(analyze.status == 0, "\(analyze.stderr)")
        #expect(analyze.stdout.contains("\"merchant_name\":\"Lidl\""))
        #expect(server.requests.last?.authorization == "Bearer \(token)")

        let delete = try PlutaryBinary.run(["token", "delete"] + service, environment: environment, directory: directory)
        #expect(delete.status == 0)
        let after = try PlutaryBinary.run(["token", "status"] + service, environment: environment, directory: directory)
        #expect(after.status == 1)

        // Every file the runs wrote (database, WAL, images, settings, captured output) is free of the token.
        var scanned = 0
        for root in [directory] {
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                let bytes = try Data(contentsOf: file)
                scanned += 1
                #expect(bytes.range(of: Data(token.utf8)) == nil, "the token leaked into \(file.path)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("plutary.sqlite").path))
        #expect(scanned >= 8)
        for output in [set, status, analyze, delete, after] {
            #expect(!output.stdout.contains(token) && !output.stderr.contains(token))
        }
    }
}
