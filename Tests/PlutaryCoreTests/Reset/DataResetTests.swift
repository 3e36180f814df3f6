import Foundation
import GRDB
import Testing
@testable import PlutaryCore

@MainActor
struct DataResetTests {
    /// 48 fixture receipts, 3 of the person's own, 3 analysis jobs (one on a
    /// fixture receipt), 2 exchange rates, 2 changed settings, 1 token, 1 image.
    @MainActor
    private struct Setup {
        let database: AppDatabase
        let preferences: MemoryPreferenceStore
        let tokens: any TokenStore
        let reset: DataReset
        let images: URL
    }

    private func setup(tokens: any TokenStore = MemoryTokenStore()) async throws -> Setup {
        let folder = try temporaryFolder()
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        try SampleFixture.seed(database)
        try await seedTrickyReceipts(database)
        let image = folder.appendingPathComponent("scan.jpg")
        try Data("jpeg bytes".utf8).write(to: image)
        _ = try await ImageLibrary(database: database).add(fileAt: image)
        try await database.writer.write { db in
            for (id, receipt) in [("job-1", "00000000-0000-4000-8000-000000000001"), ("job-2", "tricky-1"), ("job-3", nil)] {
                try db.execute(sql: """
                    INSERT INTO analysis_jobs(id, receipt_id, provider, state, created_at, updated_at)
                    VALUES (?, ?, 'openai', 'done', '2026-01-01', '2026-01-01')
                    """, arguments: [id, receipt])
            }
            // The fixture's own rates give way to two known ones, so the counts below are exact.
            try db.execute(sql: "DELETE FROM exchange_rates")
            try db.execute(sql: "INSERT INTO exchange_rates(day, base, quote, rate) VALUES ('2026-04-01', 'EUR', 'CAD', '1.5')")
            try db.execute(sql: "INSERT INTO exchange_rates(day, base, quote, rate) VALUES ('2026-04-01', 'USD', 'CAD', '1.37')")
        }
        let setup = Setup(database: database, preferences: MemoryPreferenceStore(), tokens: tokens, reset: DataReset(database: database, tokens: tokens),
                          images: try #require(database.location?.imagesDirectory))
        setup.preferences.set(.primaryCurrency, .string("EUR"))
        setup.preferences.set(.analysisConcurrency, .int(4))
        try? await tokens.store("sk-secret", for: TokenAccount(provider: "openai", baseURL: "https://api.example.com"))
        return setup
    }

    private func counts(_ s: Setup) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for table in ["receipts", "line_items", "price_records", "receipt_search", "products", "merchants", "categories",
                      "analysis_jobs", "exchange_rates", "image_files"] {
            result[table] = try scalar(s.database, "SELECT COUNT(*) FROM \(table)")
        }
        result["fixture"] = try scalar(s.database, "SELECT COUNT(*) FROM receipts WHERE is_fixture = 1")
        return result
    }

    private func names(_ s: Setup, _ table: String) throws -> Set<String> {
        Set(try s.database.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM \(table)") })
    }

    @Test func thePreviewCountsEveryCategoryBeforeAnythingHappens() async throws {
        let s = try await setup()
        let before = try counts(s)
        let preview = await s.reset.preview(preferences: s.preferences)
        #expect(preview.counts == [.receipts: 51, .fixtureReceipts: 48, .analysisJobs: 3, .exchangeRates: 2,
                                   .preferences: 2, .apiToken: 1, .everything: 1])
        #expect(preview.failures.isEmpty)
        #expect(try counts(s) == before)
    }

    @Test func fixtureReceiptsOnlyLeavesThePersonsOwn() async throws {
        let s = try await setup()
        #expect(try counts(s)["fixture"] == 48)
        let outcomes = await s.reset.run([.fixtureReceipts], preferences: s.preferences)
        #expect(outcomes == [ResetOutcome(category: .fixtureReceipts, removed: 48)])
        let after = try counts(s)
        #expect(after["receipts"] == 3 && after["fixture"] == 0)
        #expect(after["line_items"] == 4 && after["price_records"] == 4 && after["receipt_search"] == 3)
        // Products of the person's items stay, and the unused one they had; the fixture's go.
        let products = try names(s, "products"), merchants = try names(s, "merchants")
        #expect(products
                == ["白菜 Bok Choy", "Nuts, \"salted\"\nlarge", "Crème fraîche", "醤油ラーメン", "Orphan Widget"])
        #expect(merchants
                == ["Smith, Jones & \"Sons\"", "Lidl", "ラーメン屋"])
        #expect(after["analysis_jobs"] == 2 && after["exchange_rates"] == 2 && after["image_files"] == 1)
        #expect(s.preferences.string(.primaryCurrency) == "EUR")
        #expect(try await s.tokens.count() == 1)
        #expect(try await ReceiptRepository(database: s.database).summaries(search: "costco").isEmpty)
    }

    @Test func allReceiptsRemovesEveryReceiptAndNothingElse() async throws {
        let s = try await setup()
        let outcomes = await s.reset.run([.receipts, .fixtureReceipts], preferences: s.preferences)
        #expect(outcomes == [ResetOutcome(category: .receipts, removed: 51)])
        let after = try counts(s)
        #expect(after["receipts"] == 0 && after["line_items"] == 0 && after["price_records"] == 0 && after["receipt_search"] == 0)
        #expect(after["products"] == 1 && after["merchants"] == 0) // the unused product was never the receipts'
        #expect(after["analysis_jobs"] == 1 && after["exchange_rates"] == 2 && after["image_files"] == 1)
        #expect(FileManager.default.fileExists(atPath: s.images.path))
    }

    @Test func jobsRatesPreferencesAndTokenEachGoOnTheirOwn() async throws {
        let s = try await setup()
        #expect(await s.reset.run([.analysisJobs], preferences: s.preferences) == [ResetOutcome(category: .analysisJobs, removed: 3)])
        #expect(try counts(s)["analysis_jobs"] == 0 && counts(s)["receipts"] == 51)
        #expect(await s.reset.run([.exchangeRates], preferences: s.preferences) == [ResetOutcome(category: .exchangeRates, removed: 2)])
        #expect(try counts(s)["exchange_rates"] == 0)
        #expect(await s.reset.run([.preferences], preferences: s.preferences) == [ResetOutcome(category: .preferences, removed: 2)])
        #expect(s.preferences.string(.primaryCurrency) == "CAD" && s.preferences.int(.analysisConcurrency) == 2)
        #expect(await s.reset.run([.apiToken], preferences: s.preferences) == [ResetOutcome(category: .apiToken, removed: 1)])
        #expect(try await s.tokens.count() == 0)
        #expect(try counts(s)["receipts"] == 51 && counts(s)["image_files"] == 1)
    }

    @Test func everythingReturnsToAFreshInstallImagesIncluded() async throws {
        let s = try await setup()
        let outcomes = await s.reset.run([.everything], preferences: s.preferences)
        #expect(outcomes == [
            ResetOutcome(category: .receipts, removed: 51), ResetOutcome(category: .analysisJobs, removed: 3),
            ResetOutcome(category: .exchangeRates, removed: 2), ResetOutcome(category: .preferences, removed: 2),
            ResetOutcome(category: .apiToken, removed: 1), ResetOutcome(category: .everything, removed: 1),
        ])
        #expect(try counts(s).values.allSatisfy { $0 == 0 })
        #expect(!FileManager.default.fileExists(atPath: s.images.path))
        #expect(try scalar(s.database, "SELECT COUNT(*) FROM currencies") == Currency.known.count)
        let fresh = try AppDatabase.inMemory()
        #expect(try dump(s.database) == dump(fresh))
        let preview = await s.reset.preview(preferences: s.preferences)
        #expect(preview.counts.values.allSatisfy { $0 == 0 })
    }

    @Test func aFailingPartIsReportedAndTheOthersStillRun() async throws {
        struct LockedKeyring: TokenStore {
            struct Locked: LocalizedError { var errorDescription: String? { "the keyring is locked" } }
            var isAvailable: Bool { true }
            func token(for account: TokenAccount) async throws -> String? { throw Locked() }
            func store(_ token: String, for account: TokenAccount) async throws { throw Locked() }
            func deleteToken(for account: TokenAccount) async throws { throw Locked() }
            func deleteAll() async throws -> Int { throw Locked() }
            func count() async throws -> Int { throw Locked() }
        }
        let s = try await setup(tokens: LockedKeyring())
        try await s.database.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER keep_rates BEFORE DELETE ON exchange_rates BEGIN SELECT RAISE(ABORT, 'rates are kept'); END")
        }
        let preview = await s.reset.preview(preferences: s.preferences)
        #expect(preview.failures == [.apiToken: "the keyring is locked"])
        let outcomes = await s.reset.run([.analysisJobs, .exchangeRates, .preferences, .apiToken], preferences: s.preferences)
        #expect(outcomes == [
            ResetOutcome(category: .analysisJobs, removed: 3),
            ResetOutcome(category: .exchangeRates, removed: 0, error: "rates are kept"),
            ResetOutcome(category: .preferences, removed: 2),
            ResetOutcome(category: .apiToken, removed: 0, error: "the keyring is locked"),
        ])
        #expect(try counts(s)["exchange_rates"] == 2 && counts(s)["analysis_jobs"] == 0)
    }
}
