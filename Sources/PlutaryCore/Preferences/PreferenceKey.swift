/// The app's preferences: the keys of data/io.github.plutary.Plutary.gschema.xml
/// with the same defaults (a test keeps the two in step).
public enum PreferenceKey: String, CaseIterable, Sendable {
    case windowWidth = "window-width"
    case windowHeight = "window-height"
    case windowMaximized = "window-maximized"
    case primaryCurrency = "primary-currency"
    case ocrLanguages = "ocr-languages"
    case ocrEngine = "ocr-engine"
    case analysisProvider = "analysis-provider"
    case analysisBaseURL = "analysis-base-url"
    case analysisModel = "analysis-model"
    case analysisMaxAttempts = "analysis-max-attempts"
    case analysisConcurrency = "analysis-concurrency"
    case analysisAuto = "analysis-auto"

    public var defaultValue: PreferenceValue {
        switch self {
        case .windowWidth: .int(1100)
        case .windowHeight: .int(720)
        case .windowMaximized: .bool(false)
        case .primaryCurrency: .string("CAD")
        case .ocrLanguages: .strings(["eng"])
        case .ocrEngine: .string("auto")
        case .analysisProvider: .string("none")
        case .analysisBaseURL: .string("")
        case .analysisModel: .string("")
        case .analysisMaxAttempts: .int(5)
        case .analysisConcurrency: .int(2)
        case .analysisAuto: .bool(false)
        }
    }
}
