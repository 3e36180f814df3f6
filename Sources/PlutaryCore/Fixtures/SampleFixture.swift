import Foundation
import GRDB

/// The `--fixture sample` data: 48 receipts over the 12 months up to `today`, from
/// nine shops in CAD, USD and EUR, with English, German and Chinese/English items.
public enum SampleFixture {
    public static let receiptCount = 48
    public static let monthCount = 12

    public static func seed(_ database: AppDatabase, today: Date = Date()) throws {
        var factory = ReceiptFactory(rng: SeededGenerator(seed: 2026), variants: [""])
        let calendar = Calendar(identifier: .gregorian)
        let shops = FixtureCatalog.shops
        try database.writer.write { db in
            var writer = ReceiptWriter(db: db)
            for index in 0..<receiptCount {
                let monthsAgo = index / (receiptCount / monthCount)
                let shop = shops[index % shops.count]
                let month = calendar.date(byAdding: .month, value: -monthsAgo, to: today)!
                var components = calendar.dateComponents([.year, .month], from: month)
                components.day = 1 + (index * 7) % 27
                if monthsAgo == 0 {
                    // Never in the future: this month's receipts fall on or before today.
                    components.day = min(components.day!, calendar.component(.day, from: today))
                }
                let day = String(format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
                let payload = factory.receipt(shop: shop, day: day, itemCount: 2 + index % 6,
                                              id: String(format: "00000000-0000-4000-8000-%012d", index + 1))
                _ = try writer.save(payload, isFixture: true)
            }
        }
        try SampleRates.seed(database, today: today)
    }
}
