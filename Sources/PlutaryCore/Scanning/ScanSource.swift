/// Where the sheets come from: a document feeder scans until it is empty, a flatbed once.
public enum ScanSource: String, CaseIterable, Sendable {
    case adf, flatbed
}
