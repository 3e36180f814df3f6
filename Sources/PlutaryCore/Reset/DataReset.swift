import Foundation
import GRDB

/// Removes what Settings → Data offers to remove. Each part runs on its own
/// (one transaction each in the database), so a failure in one is reported
/// and the others still run. Database work runs off the main actor.
public struct DataReset: Sendable {
    public let database: AppDatabase
    public let tokens: any TokenStore

    public init(database: AppDatabase, tokens: any TokenStore) {
        self.database = database
        self.tokens = tokens
    }

    /// Counts for every category.
    public func preview(preferences: any PreferenceStore) async -> ResetPreview {
        var preview = ResetPreview()
        let queries: [(ResetCategory, String)] = [
            (.receipts, "SELECT COUNT(*) FROM receipts"),
            (.fixtureReceipts, "SELECT COUNT(*) FROM receipts WHERE is_fixture = 1"),
            (.analysisJobs, "SELECT COUNT(*) FROM analysis_jobs"),
            (.exchangeRates, "SELECT COUNT(*) FROM exchange_rates"),
        ]
        for (category, sql) in queries {
            do {
                preview.counts[category] = try await database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
            } catch {
                preview.failures[category] = Self.describe(error)
            }
        }
        preview.counts[.preferences] = await MainActor.run { Self.changedPreferences(preferences) }
        do {
            preview.counts[.apiToken] = try await tokens.count()
        } catch {
            preview.failures[.apiToken] = Self.describe(error)
        }
        preview.counts[.everything] = (try? await WorkerThread.run { imageFileCount() }) ?? 0
        return preview
    }

    /// Runs the chosen parts; `everything` implies all the others.
    public func run(_ selection: Set<ResetCategory>, preferences: any PreferenceStore) async -> [ResetOutcome] {
        var outcomes: [ResetOutcome] = []
        if selection.contains(.everything) {
            outcomes.append(contentsOf: await part(.receipts, wipeDatabase))
            outcomes.append(await resetPreferences(preferences))
            outcomes.append(await part(.apiToken) { try await tokens.deleteAll() })
            outcomes.append(await part(.everything) { try await WorkerThread.run { try removeImages() } })
            return outcomes
        }
        if selection.contains(.receipts) {
            outcomes.append(await part(.receipts) { try await deleteReceipts(fixturesOnly: false) })
        } else if selection.contains(.fixtureReceipts) {
            outcomes.append(await part(.fixtureReceipts) { try await deleteReceipts(fixturesOnly: true) })
        }
        if selection.contains(.analysisJobs) {
            outcomes.append(await part(.analysisJobs) { try await deleteAll(from: "analysis_jobs") })
        }
        if selection.contains(.exchangeRates) {
            outcomes.append(await part(.exchangeRates) { try await deleteAll(from: "exchange_rates") })
        }
        if selection.contains(.preferences) {
            outcomes.append(await resetPreferences(preferences))
        }
        if selection.contains(.apiToken) {
            outcomes.append(await part(.apiToken) { try await tokens.deleteAll() })
        }
        return outcomes
    }

    @MainActor
    static func changedPreferences(_ preferences: any PreferenceStore) -> Int {
        PreferenceKey.allCases.filter { preferences.value($0) != $0.defaultValue }.count
    }

    private func resetPreferences(_ preferences: any PreferenceStore) async -> ResetOutcome {
        await MainActor.run {
            let changed = Self.changedPreferences(preferences)
            preferences.resetAll()
            return ResetOutcome(category: .preferences, removed: changed)
        }
    }

    private func part(_ category: ResetCategory, _ body: () async throws -> Int) async -> ResetOutcome {
        do {
            return ResetOutcome(category: category, removed: try await body())
        } catch {
            return ResetOutcome(category: category, removed: 0, error: Self.describe(error))
        }
    }

    private func part(_ category: ResetCategory, _ body: () async throws -> [ResetOutcome]) async -> [ResetOutcome] {
        do {
            return try await body()
        } catch {
            return [ResetOutcome(category: category, removed: 0, error: Self.describe(error))]
        }
    }

    /// Deletes receipts with their items, price records and search rows, then the
    /// products and merchants only those receipts used. Children go first: the
    /// foreign-key checks then find empty tables instead of scanning large ones.
    private func deleteReceipts(fixturesOnly: Bool) async throws -> Int {
        try await database.writer.write { db in
            let filter = fixturesOnly ? "WHERE is_fixture = 1" : ""
            let chosen = "SELECT id FROM receipts \(filter)"
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts \(filter)") ?? 0
            try db.execute(sql: """
                DROP TABLE IF EXISTS temp.reset_products; DROP TABLE IF EXISTS temp.reset_merchants;
                CREATE TEMP TABLE reset_products AS
                    SELECT DISTINCT product_id AS id FROM line_items WHERE receipt_id IN (\(chosen)) AND product_id IS NOT NULL;
                CREATE TEMP TABLE reset_merchants AS
                    SELECT DISTINCT merchant_id AS id FROM receipts \(filter.isEmpty ? "WHERE" : filter + " AND") merchant_id IS NOT NULL;
                DELETE FROM receipt_search WHERE rowid IN (SELECT seq FROM receipts \(filter));
                DELETE FROM price_records WHERE receipt_id IN (\(chosen));
                DELETE FROM analysis_jobs WHERE receipt_id IN (\(chosen));
                DELETE FROM line_items WHERE receipt_id IN (\(chosen));
                DELETE FROM receipts \(filter);
                DELETE FROM products WHERE id IN (SELECT id FROM temp.reset_products)
                    AND id NOT IN (SELECT product_id FROM line_items WHERE product_id IS NOT NULL)
                    AND id NOT IN (SELECT product_id FROM price_records);
                DELETE FROM merchants WHERE id IN (SELECT id FROM temp.reset_merchants)
                    AND id NOT IN (SELECT merchant_id FROM receipts WHERE merchant_id IS NOT NULL)
                    AND id NOT IN (SELECT merchant_id FROM price_records WHERE merchant_id IS NOT NULL);
                DROP TABLE temp.reset_products; DROP TABLE temp.reset_merchants;
                """)
            return count
        }
    }

    private func deleteAll(from table: String) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM \(table)")
            return db.changesCount
        }
    }

    /// Everything in the database, in one transaction: the person's data and every
    /// name learnt from it. The seeded currencies stay, as in a fresh store.
    private func wipeDatabase() async throws -> [ResetOutcome] {
        try await database.writer.write { db in
            func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
            let outcomes = [
                ResetOutcome(category: .receipts, removed: try count("receipts")),
                ResetOutcome(category: .analysisJobs, removed: try count("analysis_jobs")),
                ResetOutcome(category: .exchangeRates, removed: try count("exchange_rates")),
            ]
            // The triggered sums first, so the line items' triggers find nothing left to update.
            for table in ["receipt_search", "receipt_item_totals", "price_records", "analysis_jobs", "line_items", "receipts", "products",
                          "merchants", "categories", "image_files", "exchange_rates"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            return outcomes
        }
    }

    /// The image files: walking a large store's (100 000 files) takes seconds, and a folder on a
    /// slow disk blocks, so this and `removeImages` run on a worker thread, never on Swift's pool.
    private func imageFileCount() -> Int {
        guard let images = database.location?.imagesDirectory else { return 0 }
        return (try? Self.regularFiles(in: images.path, removing: false)) ?? 0
    }

    private func removeImages() throws -> Int {
        guard let images = database.location?.imagesDirectory, FileManager.default.fileExists(atPath: images.path) else { return 0 }
        let count = try Self.regularFiles(in: images.path, removing: true)
        guard rmdir(images.path) == 0 else { throw Self.posixError(images.path) }
        return count
    }

    /// Counts the regular files under `path`, deleting everything under it when `removing`, by
    /// readdir's file types: Foundation's enumerator, asked whether each was a regular file, took
    /// 4.6 s to count a 100 000-image store (0.08 s so). Deleting is unlink's own time either way.
    private static func regularFiles(in path: String, removing: Bool) throws -> Int {
        guard let folder = opendir(path) else { throw posixError(path) }
        var entries: [(name: String, type: Int32)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { entries.append((name, Int32(entry.pointee.d_type))) }
        }
        closedir(folder)
        var count = 0
        for (name, listedType) in entries {
            let child = path + "/" + name
            var type = listedType
            if type == Int32(DT_UNKNOWN) {
                // Some file systems don't say in the listing.
                var info = stat()
                guard lstat(child, &info) == 0 else { throw posixError(child) }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
            }
            if type == Int32(DT_DIR) {
                count += try regularFiles(in: child, removing: removing)
                if removing, rmdir(child) != 0 { throw posixError(child) }
            } else {
                if type == Int32(DT_REG) { count += 1 }
                if removing, unlink(child) != 0 { throw posixError(child) }
            }
        }
        return count
    }

    private static func posixError(_ path: String) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
    }

    private static func describe(_ error: Error) -> String {
        (error as? DatabaseError)?.message ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}
