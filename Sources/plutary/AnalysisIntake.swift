import Foundation
import PlutaryCore

/// `analyze --queue`: one receipt per image content, so a re-run (after a
/// crash, say) finds the receipt it made before instead of making another.
struct AnalysisIntake {
    let images: ImageLibrary
    let receipts: ReceiptRepository

    init(database: AppDatabase) {
        images = ImageLibrary(database: database)
        receipts = ReceiptRepository(database: database)
    }

    func receipt(forImageAt url: URL) throws -> String {
        let stored = try images.add(fileAt: url)
        if let existing = try images.receiptIds(forHash: stored.sha256).first { return existing }
        let receipts = receipts
        return try AsyncRunner.runThrowing { try await receipts.save(ReceiptPayload(source: "analysis", imageSha256: stored.sha256)) }
    }
}
