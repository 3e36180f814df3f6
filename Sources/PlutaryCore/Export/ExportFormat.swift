/// What an export writes.
public enum ExportFormat: Sendable, Equatable {
    case csv(CSVOptions)
    /// Every receipt in the sync payload shape, in one versioned document (`ExportDocument`).
    case json

    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .json: "json"
        }
    }
}
