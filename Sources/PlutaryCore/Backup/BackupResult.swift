import Foundation

/// What a backup wrote or a restore brought back.
public struct BackupResult: Sendable, Equatable {
    public let directory: URL
    public let receiptCount: Int
    /// Image files copied (files already in the destination are not copied again).
    public let imagesCopied: Int
    public let databaseBytes: Int64
}
