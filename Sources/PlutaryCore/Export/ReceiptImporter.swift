import Foundation
import GRDB

/// Reads a JSON export back into the store in one transaction: categories,
/// products, then receipts with their items (price records and the search row
/// are rebuilt from the items, as on every save). A receipt id already in the
/// store is updated, not duplicated. Any invalid receipt rolls everything back.
public struct ReceiptImporter: Sendable {
    public let database: AppDatabase
    /// From this many receipts on, an import is a `BulkLoad` (100 000 receipts: 28 s instead of 56).
    let bulkLoadFrom: Int
    /// Whether the store is this process's alone (`plutary import`): a bulk load may then write with a
    /// rollback journal (`BulkLoad.transaction`), under which every other reader waits until it commits.
    /// The window's own reads must not wait for its import, so there the store keeps its WAL.
    let ownsStore: Bool

    public init(database: AppDatabase, ownsStore: Bool = false) {
        self.init(database: database, bulkLoadFrom: 2000, ownsStore: ownsStore)
    }

    init(database: AppDatabase, bulkLoadFrom: Int, ownsStore: Bool = false) {
        self.database = database
        self.bulkLoadFrom = bulkLoadFrom
        self.ownsStore = ownsStore
    }

    /// Decodes a file without touching the store.
    public func read(_ url: URL) throws -> ExportDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ImportError.unreadable(path: url.path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        return try decode(data)
    }

    public func decode(_ data: Data) throws -> ExportDocument {
        do {
            return try JSONDecoder().decode(ExportDocument.self, from: data)
        } catch let error as ImportError {
            throw error
        } catch let error as DecodingError {
            throw ImportError.malformed(reason: Self.describe(error))
        } catch {
            throw ImportError.malformed(reason: error.localizedDescription)
        }
    }

    /// Imports a file, decoding its receipts one at a time inside the transaction
    /// (memory stays near the file's size); a receipt that does not decode rolls everything back.
    /// The file is mapped and read once, front to back; what has been read leaves memory as the import goes.
    public func importFile(at url: URL, progress: @escaping ExportProgress = { _, _ in },
                           isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }) throws -> ImportResult {
        let mapping: FileMapping
        do {
            mapping = try FileMapping(url: url)
        } catch {
            throw ImportError.unreadable(path: url.path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        return try withExtendedLifetime(mapping) {
            try importData(mapping.data, progress: progress, isCancelled: isCancelled, readUpTo: mapping.release(before:))
        }
    }

    /// `importFile` for async code: mapping, decoding and writing take seconds for a large
    /// export (and opening a file on a slow mount can block), so they run on a worker thread,
    /// never on one of Swift's cooperative pool. Cancelling the calling task stops the import.
    public func importFile(at url: URL, progress: @escaping ExportProgress = { _, _ in }) async throws -> ImportResult {
        try await WorkerThread.run { isCancelled in try importFile(at: url, progress: progress, isCancelled: isCancelled) }
    }

    /// Imports an export already read into memory, as `importFile` does.
    public func importData(_ data: Data, progress: @escaping ExportProgress = { _, _ in },
                           isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }) throws -> ImportResult {
        try importData(data, progress: progress, isCancelled: isCancelled, readUpTo: { _ in })
    }

    /// `readUpTo` hears how far into `data` the receipts have been decoded.
    private func importData(_ data: Data, progress: @escaping ExportProgress, isCancelled: @escaping @Sendable () -> Bool,
                            readUpTo: @escaping (Int) -> Void) throws -> ImportResult {
        let file = try ExportFileReader(data: data, scanned: readUpTo)
        // Checked where it is decoded, on the prefetcher's thread: the writer's thread is the import's bottleneck.
        // The writer gets each receipt prepared (ReceiptWriter.Prepared) there too.
        let prefetcher = ReceiptPrefetcher(count: file.receiptRanges.count) {
            try ReceiptWriter.Prepared(Self.checked(file.receipt(at: $0), index: $0))
        }
        defer { prefetcher.stop() }
        return try write(categories: file.categories, products: file.products, samples: file.sampleReceiptIds,
                         count: file.receiptRanges.count, receipt: { index in
                             if index % 256 == 0 { readUpTo(file.receiptRanges[index].lowerBound) }
                             return try prefetcher.receipt(at: index)
                         }, progress: progress, isCancelled: isCancelled)
    }

    public func importDocument(_ document: ExportDocument, progress: @escaping ExportProgress = { _, _ in },
                               isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }) throws -> ImportResult {
        try write(categories: document.categories, products: document.products, samples: document.sampleReceiptIds,
                  count: document.receipts.count, receipt: { try ReceiptWriter.Prepared(Self.checked(document.receipts[$0], index: $0)) },
                  progress: progress, isCancelled: isCancelled)
    }

    private func write(categories: [String], products: [ExportedProduct], samples: Set<String>, count total: Int,
                       receipt: (Int) throws -> ReceiptWriter.Prepared, progress: ExportProgress,
                       isCancelled: () -> Bool) throws -> ImportResult {
        let step = max(1, min(1000, total / 200))
        let isBulk = total >= bulkLoadFrom
        let journaled = isBulk && ownsStore
        // Idle readers keep the store open, and a bulk load leaves WAL only with the store to itself (BulkLoad.transaction).
        if journaled { (database.writer as? DatabasePool)?.releaseMemory() }
        return try database.writer.writeWithoutTransaction { db in try BulkLoad.transaction(db, bulk: isBulk, journaled: journaled) {
            // A large import touches every index page again and again: with SQLite's default 2 MB
            // cache the pages went to the WAL and back many times (100 000 receipts: 67 s, 26 s of it
            // in the kernel); with 64 MB, 49 s. The connection gets its usual cache back after.
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            let categoriesAdded = try restoreCategories(db, categories)
            let productsAdded = try restoreProducts(db, products)
            let bulk = isBulk ? try BulkLoad.begin(db) : nil
            var writer = ReceiptWriter(db: db)
            if bulk != nil { writer.searchTable = BulkLoad.searchStaging }
            var missingImages = 0
            let hasImage = try db.cachedStatement(sql: "SELECT 1 FROM image_files WHERE sha256 = ?")
            for index in 0..<total {
                var prepared = try receipt(index)
                // The image table is a foreign key: a JSON file carries no images, so a link to one we lack is dropped.
                if let hash = prepared.payload.imageSha256, try Bool.fetchOne(hasImage, arguments: [hash]) != true {
                    prepared.payload.imageSha256 = nil
                    missingImages += 1
                }
                _ = try writer.save(prepared, isFixture: prepared.payload.id.map(samples.contains) ?? false)
                if (index + 1) % step == 0 {
                    if isCancelled() { throw ImportError.cancelled }
                    progress(index + 1, total)
                }
            }
            if isCancelled() { throw ImportError.cancelled }
            try bulk?.finish(db)
            progress(total, total)
            return ImportResult(inserted: total - writer.replacedCount, updated: writer.replacedCount, categoriesAdded: categoriesAdded,
                                productsAdded: productsAdded, missingImages: missingImages)
        } }
    }

    /// SQLite's page cache during an import, in KiB (negative: a size, not a page count).
    static let importCacheSize = -65_536

    private func restoreCategories(_ db: Database, _ names: [String]) throws -> Int {
        var added = 0
        for name in names {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            try db.execute(sql: "INSERT INTO categories(name) VALUES (?) ON CONFLICT(name) DO NOTHING", arguments: [trimmed])
            added += db.changesCount
        }
        return added
    }

    /// Products first, so each keeps its own category; the receipts' items then link to them by name.
    private func restoreProducts(_ db: Database, _ products: [ExportedProduct]) throws -> Int {
        var added = 0
        // Keyed as ReceiptWriter keys them, so the receipts' items find these products.
        let matcher = try ProductMatcher.load(db)
        for product in products {
            let name = product.name.trimmingCharacters(in: .whitespacesAndNewlines)
            let normalized = matcher.key(for: name).text
            guard !normalized.isEmpty else { continue }
            let categoryId = try product.category.flatMap {
                try Int64.fetchOne(db, sql: "SELECT id FROM categories WHERE name = ?",
                                   arguments: [$0.trimmingCharacters(in: .whitespacesAndNewlines)])
            }
            if let id = try Int64.fetchOne(db, sql: "SELECT id FROM products WHERE normalized_name = ?", arguments: [normalized]) {
                try db.execute(sql: "UPDATE products SET category_id = ? WHERE id = ?", arguments: [categoryId, id])
            } else {
                try db.execute(sql: "INSERT INTO products(name, normalized_name, category_id) VALUES (?, ?, ?)",
                               arguments: [name, normalized, categoryId])
                added += 1
            }
        }
        return added
    }

    /// The receipt, or the error that rolls the import back when it is unfit to store.
    private static func checked(_ payload: ReceiptPayload, index: Int) throws -> ReceiptPayload {
        if let problem = problem(in: payload) { throw ImportError.invalidReceipt(index: index, id: payload.id, reason: problem) }
        return payload
    }

    /// What makes a receipt unfit to store, in words; nil when it is fine.
    static func problem(in payload: ReceiptPayload) -> String? {
        if let id = payload.id, id.trimmingCharacters(in: .whitespaces).isEmpty { return tr("empty id") }
        let currency = payload.currency ?? "CAD"
        guard currency.count == 3, currency.unicodeScalars.allSatisfy({ CharacterSet.letters.contains($0) && $0.isASCII }) else {
            return String(format: tr("currency \"%@\" is not an ISO 4217 code"), currency)
        }
        if let day = payload.purchaseDate, !ISODay.isValid(day) {
            return String(format: tr("purchase date \"%@\" is not a YYYY-MM-DD date"), day)
        }
        let amounts: [(String, String?)] = [
            ("subtotal_amount", payload.subtotalAmount), ("tax_amount", payload.taxAmount),
            ("tip_amount", payload.tipAmount), ("total_amount", payload.totalAmount),
        ]
        for (field, text) in amounts {
            if let text, !text.isEmpty, !isAmount(text, currency: currency) {
                if let tooLarge = tooLarge(field, text, currency: currency) { return tooLarge }
                return String(format: tr("%@ \"%@\" is not an amount in %@"), field, text, currency)
            }
        }
        for (position, item) in payload.lineItems.enumerated() {
            for (field, text) in [("total", Optional(item.total)), ("unit_price", item.unitPrice), ("discount", item.discount)] {
                if let text, !text.isEmpty, !isAmount(text, currency: currency) {
                    if let tooLarge = tooLarge(field, text, currency: currency) {
                        return String(format: tr("item %d: %@"), position + 1, tooLarge)
                    }
                    return String(format: tr("item %d: %@ \"%@\" is not an amount in %@"), position + 1, field, text, currency)
                }
            }
            if !isPlainDecimal(item.quantity) {
                return String(format: tr("item %d: quantity \"%@\" is not a number"), position + 1, item.quantity)
            }
        }
        return nil
    }

    /// The export writes amounts as plain decimals ("-12.50"); `Decimal(string:)`
    /// alone would accept "12.0.0" by reading its first part.
    private static func isAmount(_ text: String, currency: String) -> Bool {
        isPlainDecimal(text) && Money(decimalString: text, currency: currency) != nil
    }

    /// Says so when `text` is a number, only too large to store (beyond `Money.limit`).
    private static func tooLarge(_ field: String, _ text: String, currency: String) -> String? {
        guard isPlainDecimal(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
              abs(value) > Decimal(Money.limit) / Money.powerOfTen(Currency.exponent(of: currency)) else { return nil }
        let largest = Money(minorUnits: Money.limit, currency: currency).decimalString
        return String(format: tr("%@ \"%@\" is larger than Plutary accepts (at most %@ %@)"), field, text, largest, currency)
    }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var digits = 0, points = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: continue
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            let key: String
            if case .keyNotFound(let missing, _) = error { key = " (missing \"\(missing.stringValue)\")" } else { key = "" }
            return "\(path(context))\(key): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return path(context).isEmpty ? context.debugDescription : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
