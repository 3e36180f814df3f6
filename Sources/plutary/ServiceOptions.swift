import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore

/// Which analysis service a command talks to: the flags, else the settings.
struct ServiceOptions: ParsableArguments {
    @Option(help: "Analysis provider: rest or openai (default: the one in Settings).")
    var provider: ProviderChoice?

    @Option(name: .customLong("base-url"), help: "The service's base URL (default: the one in Settings).")
    var baseURL: String?

    enum ProviderChoice: String, ExpressibleByArgument, CaseIterable {
        case rest, openai
    }

    /// The configuration the flags name, filling gaps from GSettings (read only when a flag is missing).
    func configuration(model: String? = nil, timeout: TimeInterval = 60) throws -> AnalysisConfiguration {
        var kind = provider.flatMap { AnalysisProviderKind(rawValue: $0.rawValue) }
        var base = baseURL
        var modelName = model
        if kind == nil || base == nil || (modelName == nil && kind != .rest) {
            MainActor.assumeIsolated {
                let settings = Preferences()
                kind = kind ?? AnalysisProviderKind(rawValue: settings.string(.analysisProvider))
                base = base ?? settings.string(.analysisBaseURL)
                modelName = modelName ?? settings.string(.analysisModel)
            }
        }
        guard let kind, kind != .none else {
            throw ValidationError("No analysis provider: pass --provider rest|openai or choose one in Settings.")
        }
        guard let base, !base.isEmpty else {
            throw ValidationError("No base URL: pass --base-url or set one in Settings.")
        }
        if let url = URL(string: AnalysisConfiguration.normalized(base)), AnalysisConfiguration.isUnencryptedRemote(url) {
            // As Settings warns beside the field.
            Diagnostics.say("Warning: \(base) is plain http to another machine: your receipts and API token travel unencrypted. "
                            + "Use https unless the service is on this computer.")
        }
        return AnalysisConfiguration(provider: kind, baseURL: base, model: modelName ?? "", timeout: timeout)
    }
}
