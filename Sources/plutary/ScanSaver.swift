import Foundation
import PlutaryCore

/// `scan --save`: copies the image in and stores the receipt, once per image
/// content; when the receipt cannot be stored, the image is taken back out.
struct ScanSaver: Sendable {
    let receipts: ReceiptRepository
    let images: ImageLibrary

    init(database: AppDatabase) {
        receipts = ReceiptRepository(database: database)
        images = ImageLibrary(database: database)
    }

    func save(_ payload: ReceiptPayload, image: URL) throws -> ReceiptPayload {
        var payload = payload
        let stored = try images.add(fileAt: image)
        payload.imageSha256 = stored.sha256
        if let existing = try images.receiptIds(forHash: stored.sha256).first {
            payload.id = existing
            payload.warnings.append("already saved from the same image (receipt \(existing)); not saved again")
            return payload
        }
        do {
            let receipts = receipts, unsaved = payload
            payload.id = try AsyncRunner.runThrowing { try await receipts.save(unsaved) }
        } catch {
            try? images.discard(stored)
            throw error
        }
        return payload
    }
}
