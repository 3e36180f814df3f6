/// One language in Settings → OCR languages.
public struct OCRLanguageRow: Hashable, Sendable, Identifiable {
    /// The Tesseract code: `eng`, `chi_sim`.
    public let code: String
    /// The translated name, or the code when we know no name for it.
    public let name: String
    public let isInstalled: Bool
    public let isSelected: Bool
    /// Whether its check can change: turning on needs the data installed, and the last language stays on.
    public let isEnabled: Bool
    /// What to show beside it: the package to install, or why it cannot be turned off.
    public let note: String?
    /// The note is a problem: a language in use whose data is missing.
    public let isWarning: Bool

    public var id: String { code }
}
