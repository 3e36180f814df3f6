import CTesseract

/// Leptonica reports every failure on stderr; the pipeline reports them as errors instead,
/// so the CLI's output stays clean.
enum LeptonicaLog {
    private static let silenced: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    static func silence() { _ = silenced }
}
