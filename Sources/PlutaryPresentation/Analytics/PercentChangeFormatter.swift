import Foundation

/// Writes relative changes with their sign, the locale's way ("+4.2%", "−1.0%").
public struct PercentChangeFormatter: @unchecked Sendable {
    private let formatter: NumberFormatter

    public init(locale: Locale) {
        formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .percent
        formatter.minimumFractionDigits = 1
        formatter.maximumFractionDigits = 1
        formatter.positivePrefix = "+" + formatter.positivePrefix
    }

    public func string(_ change: Double?) -> String {
        guard let change else { return "—" }
        return formatter.string(from: NSNumber(value: change)) ?? String(format: "%+.1f%%", change * 100)
    }
}
