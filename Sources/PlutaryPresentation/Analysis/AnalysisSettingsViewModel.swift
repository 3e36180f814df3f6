import Foundation
import Observation
import PlutaryCore

/// Settings for remote analysis: provider, base URL, token (never shown, only
/// whether one is stored), model, attempts, concurrency, auto-analysis, and
/// "Test connection". Keyring calls run off the main actor.
@MainActor
@Observable
public final class AnalysisSettingsViewModel {
    public private(set) var provider: AnalysisProviderKind = .none
    public private(set) var baseURL = ""
    public private(set) var model = ""
    public private(set) var maxAttempts = 5
    public private(set) var concurrency = 2
    public private(set) var autoAnalyse = false
    /// nil while unknown (the keyring is being asked).
    public private(set) var tokenStored: Bool?
    public private(set) var connectionResult: String?
    public private(set) var isTesting = false
    public private(set) var errorMessage: String?
    /// What an upload weighs, measured on the latest receipt's image; nil until measured.
    public private(set) var uploadSizeText: String?

    public let keyringAvailable: Bool
    /// Called after a change the queue must know about (provider, URL, token, limits).
    public var onChange: (@MainActor () -> Void)?

    private let preferences: any PreferenceStore
    private let tokens: any TokenStore
    private let center: AnalysisCenter?
    private let locale: Locale

    @ObservationIgnored private let tokenWrite = LatestLoad()
    @ObservationIgnored private let tokenRemoval = LatestLoad()
    @ObservationIgnored private let connectionTest = LatestLoad()
    @ObservationIgnored private let tokenStatus = LatestLoad()

    public init(preferences: any PreferenceStore, tokens: any TokenStore, center: AnalysisCenter? = nil, locale: Locale = .preferred) {
        self.preferences = preferences
        self.tokens = tokens
        self.center = center
        self.locale = locale
        keyringAvailable = tokens.isAvailable
    }

    public convenience init(environment: AppEnvironment) {
        self.init(preferences: environment.preferences, tokens: environment.tokens, center: environment.analysis)
    }

    public static let providers: [AnalysisProviderKind] = [.none, .rest, .openai]

    public static func title(of provider: AnalysisProviderKind) -> String {
        switch provider {
        case .none: tr("None (local OCR only)")
        case .rest: tr("Receipt analysis REST API")
        case .openai: tr("OpenAI-compatible vision endpoint")
        }
    }

    /// Plain words when there is no keyring; nil otherwise.
    public var keyringMessage: String? {
        keyringAvailable ? nil : tr("No keyring (Secret Service) is available, so an API token cannot be stored safely and remote analysis cannot be turned on. Local OCR keeps working.")
    }

    /// Only "None" can be chosen without a keyring.
    public func canChoose(_ provider: AnalysisProviderKind) -> Bool {
        provider == .none || keyringAvailable
    }

    public var showsModel: Bool { provider == .openai }

    public var tokenStatusText: String {
        switch tokenStored {
        case .some(true): tr("A token is stored in the keyring.")
        case .some(false): tr("No token stored.")
        case .none: keyringAvailable ? tr("Checking the keyring…") : tr("No keyring available.")
        }
    }

    /// An error that stops the URL from being used, or a warning, or nil.
    public var baseURLProblem: URLProblem? { Self.check(baseURL) }

    public enum URLProblem: Equatable, Sendable {
        case invalid(String)
        case warning(String)
    }

    static func check(_ text: String) -> URLProblem? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return .invalid(tr("Enter a full URL such as https://example.com."))
        }
        guard scheme == "http" || scheme == "https" else { return .invalid(tr("The URL must start with http:// or https://.")) }
        if AnalysisConfiguration.isUnencryptedRemote(url) {
            return .warning(tr("Plain http sends your receipts and token unencrypted; use https unless the service is on this computer."))
        }
        return nil
    }

    public var configuration: AnalysisConfiguration {
        AnalysisConfiguration(provider: provider, baseURL: baseURL, model: model)
    }

    public func load() async {
        provider = AnalysisProviderKind(rawValue: preferences.string(.analysisProvider)) ?? .none
        if !keyringAvailable { provider = .none }
        baseURL = preferences.string(.analysisBaseURL)
        model = preferences.string(.analysisModel)
        maxAttempts = preferences.int(.analysisMaxAttempts)
        concurrency = preferences.int(.analysisConcurrency)
        autoAnalyse = preferences.bool(.analysisAuto)
        await refreshTokenStatus()
        await measureUploadSize()
    }

    /// Encodes the latest receipt's image as an upload would, so the person sees what leaves the computer.
    private func measureUploadSize() async {
        guard let center else { return }
        let preview: (upload: PreparedUpload, storedBytes: Int)
        switch await center.latestUploadPreview() {
        case nil:
            uploadSizeText = tr("Images are made smaller and sent as JPEG. Once a receipt with an image is saved, its upload size shows here.")
            return
        case .failure(let error):
            // Said here rather than at the first upload: that receipt could not be sent either.
            uploadSizeText = String(format: tr("Images are made smaller and sent as JPEG, but the latest receipt's image cannot be prepared: %@"),
                                    error.localizedDescription)
            return
        case .success(let measured):
            preview = measured
        }
        uploadSizeText = String(format: tr("Images are made smaller and sent as JPEG: the latest receipt would be sent as %d × %d pixels, %@ (stored image: %@)."),
                                preview.upload.width, preview.upload.height,
                                Self.bytes(preview.upload.jpeg.count, locale: locale), Self.bytes(preview.storedBytes, locale: locale))
    }

    /// "412 kB", "3.1 MB", with the locale's decimal mark.
    static func bytes(_ count: Int, locale: Locale) -> String {
        let (value, unit): (Double, String) = count >= 1_000_000 ? (Double(count) / 1_000_000, tr("MB"))
            : count >= 1000 ? (Double(count) / 1000, tr("kB")) : (Double(count), tr("bytes"))
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.maximumFractionDigits = value < 10 && count >= 1000 ? 1 : 0
        return (formatter.string(from: NSNumber(value: value)) ?? String(value)) + "\u{00A0}" + unit
    }

    public func setProvider(_ kind: AnalysisProviderKind) async {
        guard canChoose(kind), kind != provider else { return }
        provider = kind
        preferences.set(.analysisProvider, .string(kind.rawValue))
        connectionResult = nil
        await refreshTokenStatus()
        onChange?()
    }

    public func setBaseURL(_ text: String) async {
        guard text != baseURL else { return }
        baseURL = text
        connectionResult = nil
        if case .invalid = Self.check(text) { return } // kept on screen, not saved until it is a URL
        preferences.set(.analysisBaseURL, .string(AnalysisConfiguration.normalized(text)))
        await refreshTokenStatus()
        onChange?()
    }

    public func setModel(_ text: String) {
        model = text.trimmingCharacters(in: .whitespaces)
        preferences.set(.analysisModel, .string(model))
        onChange?()
    }

    public func setMaxAttempts(_ value: Int) {
        maxAttempts = min(20, max(1, value))
        preferences.set(.analysisMaxAttempts, .int(maxAttempts))
        onChange?()
    }

    public func setConcurrency(_ value: Int) {
        concurrency = min(8, max(1, value))
        preferences.set(.analysisConcurrency, .int(concurrency))
        onChange?()
    }

    public func setAutoAnalyse(_ on: Bool) {
        autoAnalyse = on
        preferences.set(.analysisAuto, .bool(on))
    }

    /// Stores `token` for the current service; the text is not kept anywhere else.
    public func saveToken(_ token: String) async {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, keyringAvailable, provider != .none else { return }
        let account = configuration.account
        let tokens = self.tokens
        guard let result = await tokenWrite.run({ try await tokens.store(trimmed, for: account) }) else { return }
        if case .failure(let error) = result { errorMessage = error.localizedDescription } else { errorMessage = nil }
        await refreshTokenStatus()
        onChange?()
    }

    public func deleteToken() async {
        let account = configuration.account
        let tokens = self.tokens
        guard let result = await tokenRemoval.run({ try await tokens.deleteToken(for: account) }) else { return }
        if case .failure(let error) = result { errorMessage = error.localizedDescription } else { errorMessage = nil }
        await refreshTokenStatus()
    }

    public func testConnection() async {
        guard provider != .none else { return }
        let configuration = self.configuration
        let tokens = self.tokens
        isTesting = true
        connectionResult = tr("Testing…")
        let outcome = await connectionTest.run {
            let token = try? await tokens.token(for: configuration.account)
            return await (try configuration.makeProvider(token: token)).testConnection()
        }
        guard let outcome else { return }
        isTesting = false
        let result: ConnectionTestResult
        switch outcome {
        case .success(let answer): result = answer
        case .failure(let error): result = .unreachable(error.localizedDescription)
        }
        connectionResult = switch result {
        case .ok: tr("Connected: the service accepted the token.")
        case .badToken: tr("The service refused the token (HTTP 401).")
        case .status(let status): String(format: tr("The service answered HTTP %d."), status)
        case .unreachable(let reason): String(format: tr("Cannot reach the service: %@"), reason)
        }
    }

    private func refreshTokenStatus() async {
        guard keyringAvailable, provider != .none, !baseURL.isEmpty else {
            tokenStored = keyringAvailable ? false : nil
            return
        }
        let account = configuration.account
        let tokens = self.tokens
        // The person may have moved on to another service while the keyring answered.
        guard case .success(let stored) = await tokenStatus.run({ (try? await tokens.token(for: account)) != nil }),
              account == configuration.account else { return }
        tokenStored = stored
    }
}
