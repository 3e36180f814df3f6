/// What each reset category would remove, counted before anything happens.
public struct ResetPreview: Sendable, Equatable {
    /// Rows, settings or tokens per category; `everything` counts image files.
    public var counts: [ResetCategory: Int]
    /// Categories whose count could not be read (the keyring is locked…), with why.
    public var failures: [ResetCategory: String]

    public init(counts: [ResetCategory: Int] = [:], failures: [ResetCategory: String] = [:]) {
        self.counts = counts
        self.failures = failures
    }
}
