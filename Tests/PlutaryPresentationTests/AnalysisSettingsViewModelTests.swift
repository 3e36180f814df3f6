import Foundation
import PlutaryCore
import Testing
import Synchronization
@testable import PlutaryPresentation

@MainActor
struct AnalysisSettingsViewModelTests {
    @Test func choosingAServiceStoresSettingsAndTheTokenOnlyInTheTokenStore() async throws {
        let preferences = MemoryPreferenceStore()
        let tokens = MemoryTokenStore()
        let viewModel = AnalysisSettingsViewModel(preferences: preferences, tokens: tokens)
        var changes = 0
        viewModel.onChange = { changes += 1 }
        await viewModel.load()
        #expect(viewModel.provider == .none && viewModel.keyringMessage == nil)

        await viewModel.setProvider(.rest)
        await viewModel.setBaseURL("https://api.example.test/")
        #expect(preferences.string(.analysisProvider) == "rest")
        #expect(preferences.string(.analysisBaseURL) == "https://api.example.test")
        #expect(viewModel.tokenStored == false)
        #expect(viewModel.tokenStatusText == "No token stored.")

        await viewModel.saveToken("  secret-123 \n")
        #expect(try await tokens.token(for: TokenAccount(provider: "rest", baseURL: "https://api.example.test")) == "secret-123")
        #expect(viewModel.tokenStored == true)
        #expect(viewModel.tokenStatusText == "A token is stored in the keyring.")
        // The token is in no preference.
        for key in PreferenceKey.allCases { #expect("\(preferences.value(key))".contains("secret-123") == false) }

        await viewModel.deleteToken()
        #expect(viewModel.tokenStored == false)
        #expect(try await tokens.count() == 0)

        viewModel.setMaxAttempts(99)
        viewModel.setConcurrency(0)
        #expect(preferences.int(.analysisMaxAttempts) == 20 && preferences.int(.analysisConcurrency) == 1)
        #expect(changes >= 4)
    }

    @Test func baseURLsAreValidatedWithAWarningForPlainHTTPOffThisMachine() async {
        let preferences = MemoryPreferenceStore()
        let viewModel = AnalysisSettingsViewModel(preferences: preferences, tokens: MemoryTokenStore())
        await viewModel.setProvider(.openai)
        #expect(viewModel.showsModel)
        await viewModel.setBaseURL("ftp://example.com")
        #expect(viewModel.baseURLProblem == .invalid("The URL must start with http:// or https://."))
        #expect(preferences.string(.analysisBaseURL) == "", "an invalid URL is not saved")
        await viewModel.setBaseURL("not a url")
        if case .invalid = viewModel.baseURLProblem {} else { Issue.record("expected invalid") }
        await viewModel.setBaseURL("http://receipts.example.com")
        if case .warning = viewModel.baseURLProblem {} else { Issue.record("plain http off this machine should warn") }
        #expect(preferences.string(.analysisBaseURL) == "http://receipts.example.com")
        await viewModel.setBaseURL("http://localhost:8080")
        #expect(viewModel.baseURLProblem == nil)
        await viewModel.setBaseURL("http://127.0.0.1:11434")
        #expect(viewModel.baseURLProblem == nil)
        await viewModel.setBaseURL("https://api.example.com")
        #expect(viewModel.baseURLProblem == nil)
    }

    @Test func withoutAKeyringTheProviderCannotBeEnabled() async {
        let preferences = MemoryPreferenceStore()
        preferences.set(.analysisProvider, .string("rest"))
        let viewModel = AnalysisSettingsViewModel(preferences: preferences, tokens: MemoryTokenStore(isAvailable: false))
        await viewModel.load()
        #expect(viewModel.provider == .none)
        #expect(viewModel.keyringMessage?.contains("No keyring") == true)
        #expect(!viewModel.canChoose(.rest) && viewModel.canChoose(.none))
        await viewModel.setProvider(.rest)
        #expect(viewModel.provider == .none)
        await viewModel.saveToken("x")
        #expect(viewModel.tokenStored == nil)
    }

    @Test func testConnectionReportsAnUnreachableService() async {
        let viewModel = AnalysisSettingsViewModel(preferences: MemoryPreferenceStore(), tokens: MemoryTokenStore())
        await viewModel.setProvider(.rest)
        await viewModel.setBaseURL("http://127.0.0.1:9") // discard port: nothing listens
        await viewModel.testConnection()
        #expect(viewModel.isTesting == false)
        #expect(viewModel.connectionResult?.hasPrefix("Cannot reach the service") == true)
    }

    @Test func sendingReceiptsQueuesOneJobEachAndRetryRequeuesAFailedOne() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES ('aa', '/none', 1, '2026-01-01')")
        }
        let id = try await store.save(ReceiptPayload(imageSha256: "aa"))
        var environment = AppEnvironment.inMemory(database: database, version: "1")
        environment.preferences.set(.analysisProvider, .string("rest"))
        environment.preferences.set(.analysisBaseURL, .string("http://127.0.0.1:9"))
        let center = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        environment.analysis = center
        center.send(receiptIds: [id, id])
        // The jobs are written off the main actor; the list shows them once they are in.
        #expect(center.job(forReceipt: id) == nil)
        await center.refreshed()
        let jobs = AnalysisJobRepository(database: database)
        #expect(try await jobs.jobs().count == 1)
        #expect(center.job(forReceipt: id)?.state == .pending)
        // No token stored: once started the queue stops and asks for one, the job waiting.
        center.start()
        for _ in 0..<100 where center.needsToken == nil { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(center.needsToken != nil)
        #expect(try await jobs.jobs().first?.state == .pending)
        await center.stop()

        let job = try #require(try await jobs.jobs().first)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE analysis_jobs SET state = 'failed', attempts = 5 WHERE id = ?", arguments: [job.id])
        }
        center.retry(jobId: job.id)
        await center.refreshed()
        #expect(try await jobs.job(id: job.id)?.state == .pending)
        #expect(try await jobs.job(id: job.id)?.attempts == 0)
        #expect(center.job(forReceipt: id)?.attempts == 0)
    }
}

@MainActor
struct AnalysisWriteTests {
    /// Each send and retry writes off the main actor with a request of its own:
    /// one started while another is writing does not cancel it.
    @Test func sendsInQuickSuccessionAreAllQueued() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        var ids: [String] = []
        for hash in ["aa", "bb", "cc"] {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES (?, '/none', 1, '2026-01-01')",
                               arguments: [hash])
            }
            ids.append(try await store.save(ReceiptPayload(imageSha256: hash)))
        }
        let environment = AppEnvironment.inMemory(database: database, version: "1")
        environment.preferences.set(.analysisProvider, .string("rest"))
        environment.preferences.set(.analysisBaseURL, .string("http://127.0.0.1:9"))
        let center = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        for id in ids { center.send(receiptIds: [id]) }
        #expect(center.jobsByReceipt.isEmpty) // nothing written on the main actor
        await center.refreshed()
        #expect(Set(center.jobsByReceipt.keys) == Set(ids))
        #expect(center.jobsByReceipt.values.allSatisfy { $0.state == .pending })
        #expect(try await AnalysisJobRepository(database: database).jobs().count == 3)
        #expect(center.errorMessage == nil)
    }
}

@MainActor
struct UploadSizeTests {
    @Test func settingsShowWhatTheLatestReceiptWouldWeighWhenSent() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        var environment = AppEnvironment.inMemory(database: database, version: "1")
        let encoded = Mutex<[String]>([])
        let center = AnalysisCenter(environment: environment) { path in
            encoded.withLock { $0.append(path) }
            return PreparedUpload(jpeg: Data(count: 412_345), width: 1500, height: 2000)
        }
        environment.analysis = center
        let viewModel = AnalysisSettingsViewModel(preferences: environment.preferences, tokens: environment.tokens, center: center,
                                                  locale: Locale(identifier: "fr_FR"))
        await viewModel.load()
        #expect(viewModel.uploadSizeText?.contains("Once a receipt with an image is saved") == true)
        #expect(encoded.withLock { $0 }.isEmpty)

        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES
                    ('old', '/old.jpg', 900, '2026-01-01'), ('new', '/new.jpg', 3149000, '2026-01-02')
                """)
        }
        _ = try await store.save(ReceiptPayload(merchantName: "Old", imageSha256: "old"))
        _ = try await store.save(ReceiptPayload(merchantName: "Typed in"))
        _ = try await store.save(ReceiptPayload(merchantName: "New", imageSha256: "new"))
        await viewModel.load()
        #expect(encoded.withLock { $0 } == ["/new.jpg"], "the latest receipt's image is measured")
        let text = try #require(viewModel.uploadSizeText)
        #expect(text.contains("1500 × 2000"), "\(text)")
        #expect(text.contains("412\u{00A0}kB"), "\(text)")
        #expect(text.contains("3,1\u{00A0}MB"), "the stored size in the person's locale: \(text)")
    }

    @Test func anImageThatCannotBePreparedIsSaidPlainly() async throws {
        struct Gone: LocalizedError { var errorDescription: String? { "/new.jpg: cannot read the file (No such file)" } }
        let database = try AppDatabase.inMemory()
        var environment = AppEnvironment.inMemory(database: database, version: "1")
        let center = AnalysisCenter(environment: environment) { _ in throw Gone() }
        environment.analysis = center
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES ('new', '/new.jpg', 10, '2026-01-02')")
        }
        _ = try await ReceiptRepository(database: database).save(ReceiptPayload(merchantName: "New", imageSha256: "new"))
        let viewModel = AnalysisSettingsViewModel(preferences: environment.preferences, tokens: environment.tokens, center: center)
        await viewModel.load()
        #expect(viewModel.uploadSizeText?.hasSuffix("cannot be prepared: /new.jpg: cannot read the file (No such file)") == true,
                "\(viewModel.uploadSizeText ?? "nil")")
    }
}
