/// Which remote analysis service is configured; the raw values are the
/// `analysis-provider` GSettings choices and the CLI's `--provider` values.
public enum AnalysisProviderKind: String, CaseIterable, Sendable {
    case none
    /// The receipt analysis REST API (`POST {base}/analyze`).
    case rest
    /// Any OpenAI-compatible vision endpoint (`POST {base}/v1/chat/completions`).
    case openai
}
