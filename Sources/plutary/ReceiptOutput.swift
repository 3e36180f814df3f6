import Foundation
import PlutaryCore

/// How `scan`, `parse` (and later `analyze`) print results: JSON Lines, one
/// object per input in input order, or a readable table.
struct ReceiptOutput {
    let json: Bool
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()

    func header() {
        guard !json else { return }
        print(pad("SOURCE", 28), pad("MERCHANT", 26), pad("DATE", 10), pad("TOTAL", 14), "ITEMS", "WARNINGS")
    }

    func success(_ payload: ReceiptPayload) {
        if json {
            print(String(decoding: (try? encoder.encode(payload)) ?? Data("{}".utf8), as: UTF8.self))
        } else {
            let total = payload.totalAmount.map { "\($0) \(payload.currency ?? "")" } ?? "—"
            print(pad(shortName(payload.source), 28), pad(payload.merchantName ?? "—", 26), pad(payload.purchaseDate ?? "—", 10),
                  pad(total, 14), pad(String(payload.lineItems.count), 5), payload.warnings.joined(separator: "; "))
        }
    }

    func failure(source: String, error: Error) {
        let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        if json {
            let line = ["source": source, "error": message]
            print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
        } else {
            print(pad(shortName(source), 28), "error: \(message)")
        }
    }

    private func shortName(_ source: String?) -> String {
        URL(fileURLWithPath: source ?? "-").lastPathComponent
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
