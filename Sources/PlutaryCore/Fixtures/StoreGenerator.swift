import Foundation
import GRDB

/// Writes a large realistic store for benchmarks: `plutary generate --receipts N`.
/// About ten items a receipt, thousands of products, dates over the last years.
public struct StoreGenerator {
    public let receipts: Int
    public let seed: UInt64

    public init(receipts: Int, seed: UInt64 = 42) {
        self.receipts = receipts
        self.seed = seed
    }

    private static let variants = [
        "", "ORGANIC", "LARGE", "SMALL", "FAMILY PK", "2PK", "LOW FAT", "EXTRA", "CLASSIC", "FRESH", "FROZEN",
        "VALUE", "PREMIUM", "MINI", "XL", "LITE", "ORIGINAL", "SPICY", "MILD", "UNSALTED", "NATURAL", "ROASTED",
        "SLICED", "WHOLE", "DICED", "BULK", "SINGLE", "TWIN", "SELECT", "RESERVE", "BIO", "NO NAME",
    ]

    /// Writes in batches, reporting receipts written so far.
    public func run(into database: AppDatabase, batchSize: Int = 10000, progress: (Int) -> Void = { _ in }) throws {
        var factory = ReceiptFactory(rng: SeededGenerator(seed: seed), variants: Self.variants)
        var rng = SeededGenerator(seed: seed &+ 1)
        let shops = FixtureCatalog.shops
        let startDay = DayFormatter.date(fromISO: "2019-01-01")!.timeIntervalSince1970 / 86_400
        let endDay = Date().timeIntervalSince1970 / 86_400
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        // Bulk load: a large page cache and rare WAL checkpoints, restored afterwards.
        try database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -262144; PRAGMA wal_autocheckpoint = 100000")
        }
        defer {
            try? database.writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint = 1000; PRAGMA cache_size = -2000")
            }
        }
        var written = 0
        while written < receipts {
            let count = min(batchSize, receipts - written)
            try database.writer.write { db in
                var writer = ReceiptWriter(db: db)
                for _ in 0..<count {
                    let shop = shops.randomElement(using: &rng)!
                    let day = formatter.string(from: Date(timeIntervalSince1970: Double.random(in: startDay...endDay, using: &rng) * 86_400))
                    _ = try writer.save(factory.receipt(shop: shop, day: day, itemCount: Int.random(in: 5...15, using: &rng)), isFixture: false)
                }
            }
            written += count
            progress(written)
        }
    }
}
