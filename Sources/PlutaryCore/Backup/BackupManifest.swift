import Foundation

/// `backup.json`, written last: what the backup holds and when it was made.
struct BackupManifest: Codable {
    static let fileName = "backup.json"
    var format = "plutary-backup"
    var formatVersion = 1
    var createdAt: String
    var receiptCount: Int
    var imageCount: Int

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
        case createdAt = "created_at"
        case receiptCount = "receipt_count"
        case imageCount = "image_count"
    }
}
