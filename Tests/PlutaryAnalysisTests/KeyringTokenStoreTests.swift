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

    @Test func storeReadBackReplaceAndDelete() async throws {
        let keyring = KeyringTokenStore()
        #expect(keyring.isAvailable)
        let rest = TokenAccount(provider: "rest", baseURL: "https://api.example.test")
        let openai = TokenAccount(provider: "openai", baseURL: "http://127.0.0.1:8080")
        try await keyring.deleteAll()
        #expect(try await keyring.token(for: rest) == nil)

        try await keyring.store("first-token", for: rest)
        try await keyring.store("other-token", for: openai)
        #expect(try await keyring.token(for: rest) == "first-token")
        #expect(try await keyring.token(for: openai) == "other-token")
        #expect(try await keyring.count() == 2)

        try await keyring.store("second-token", for: rest)
        #expect(try await keyring.token(for: rest) == "second-token")
        #expect(try await keyring.count() == 2, "replacing must not add an item")
        // A fresh store object (a new process would do the same) reads what the keyring holds.
        #expect(try await KeyringTokenStore().token(for: rest) == "second-token")

        try await keyring.deleteToken(for: rest)
        #expect(try await keyring.token(for: rest) == nil)
        #expect(try await keyring.token(for: openai) == "other-token")
        #expect(try await keyring.deleteAll() == 1)
        #expect(try await keyring.count() == 0)
        #expect(try await keyring.token(for: openai) == nil)
    }

    /// An upload looks its token up in the keyring from async code. A keyring that does not answer
    /// (here its daemon stopped) holds the lookup until the timeout, which must not hold a thread of
    /// Swift's cooperative pool meanwhile: on a 2-core machine that stalled every database read.
    /// Takes the pool's threads for itself, like CooperativePoolTests (`swift test --no-parallel`).
    @Test func aKeyringThatDoesNotAnswerLeavesTheCooperativePoolFree() async throws {
        let account = TokenAccount(provider: "rest", baseURL: "https://slow.example.test")
        // Longer than the squeeze waits for its reads, so a lookup on the pool fails the test.
        let keyring = KeyringTokenStore(timeout: 8)
        // Opens libsecret's session with the service before it stops answering.
        try await keyring.store("slow-token", for: account)
        let squeeze = try CooperativePoolSqueeze()
        let returned = try await KeyringDaemon.whileStopped {
            await squeeze.readsReturn {
                await #expect(throws: KeyringError.timedOut(seconds: 8)) { try await keyring.token(for: account) }
            }
        }
        #expect(returned, "reads waited for the keyring lookup")
        try await keyring.deleteToken(for: account)
    }

    /// Quitting stops the uploads, whose token lookup may be waiting for a keyring that does not
    /// answer: cancelling the lookup's task cancels the call, instead of waiting out its timeout.
    @Test func cancellingALookupStopsItsCall() async throws {
        let account = TokenAccount(provider: "rest", baseURL: "https://cancelled.example.test")
        let keyring = KeyringTokenStore(timeout: 60)
        try await keyring.store("cancelled-token", for: account)
        let started = ContinuousClock.now
        try await KeyringDaemon.whileStopped {
            let lookup = Task { try await keyring.token(for: account) }
            try await Task.sleep(for: .milliseconds(500))
            lookup.cancel()
            await #expect(throws: CancellationError.self) { try await lookup.value }
        }
        #expect(ContinuousClock.now - started < .seconds(30), "the lookup waited for the keyring's timeout")
        try await keyring.deleteToken(for: account)
    }

    @Test func theCommandLineStoresTheTokenItUsesAndItAppearsNowhereElse() async throws {
        let token = "plutary-canary-\(UUID().uuidString)"
        let server = try ScriptedServer(["/analyze": [Answer(body: ["merchant": "Lidl", "total": "3.10", "currency": "EUR"], token: token)]])
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
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
        #expect(try await KeyringTokenStore().token(for: TokenAccount(provider: "rest", baseURL: server.baseURL)) == token)

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
