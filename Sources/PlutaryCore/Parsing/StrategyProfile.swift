import Foundation

/// What distinguishes one merchant family's receipts; everything else is shared.
struct StrategyProfile: Sendable {
    let name: String
    /// Chains of this family; the first one named on the receipt becomes the merchant.
    let merchants: [KnownMerchant]
    /// Printed tax flags and the tax code they stand for ("J" → "HST").
    let taxFlags: [String: String]
    /// How the family prints ambiguous numeric dates, when known.
    let dateOrder: DateOrder?

    init(name: String, merchants: [KnownMerchant] = [], taxFlags: [String: String] = [:], dateOrder: DateOrder? = nil) {
        self.name = name; self.merchants = merchants; self.taxFlags = taxFlags; self.dateOrder = dateOrder
    }

    /// 0...1: how clearly the receipt names one of this family's chains.
    func detectionScore(_ text: ReceiptText) -> Double {
        var best = 0.0
        for (index, line) in text.upperLines.enumerated() {
            let label = text.labels[index]
            let squeezed = KnownMerchant.squeezed(line)
            for merchant in merchants {
                let exact = merchant.isNamed(in: label, rawUpper: line, squeezed: squeezed)
                let fuzzy = !exact && merchant.slipKeys.contains(where: label.hasWordMatching)
                guard exact || fuzzy else { continue }
                let score = (index < 10 ? 0.95 : 0.7) - (fuzzy ? 0.1 : 0)
                best = max(best, score)
            }
        }
        return best
    }

    /// Maps a printed flag ("J", "HMRJ") to a tax code; unknown flags are kept as printed.
    func taxCode(forFlag flag: String) -> String? {
        guard !flag.isEmpty else { return nil }
        if let code = taxFlags[flag] { return code }
        if let letter = flag.first(where: { taxFlags[String($0)] != nil }) { return taxFlags[String(letter)] }
        return flag
    }
}
