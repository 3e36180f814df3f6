import Foundation
import PlutaryCore

/// One entry of the currency drop-down: the code and its name in the person's language.
public struct CurrencyOption: Hashable, Sendable {
    public let code: String
    public let label: String

    public init(code: String, label: String) {
        self.code = code
        self.label = label
    }

    public init(code: String, locale: Locale) {
        let name = locale.localizedString(forCurrencyCode: code) ?? Currency.named(code)?.name
        self.init(code: code, label: name.map { "\(code) – \($0)" } ?? code)
    }
}
