import PlutaryCore

/// The file types the export dialog offers.
public enum ExportFileType: String, CaseIterable, Sendable {
    case receiptsCSV, itemsCSV, json

    public var title: String {
        switch self {
        case .receiptsCSV: tr("CSV, one row per receipt")
        case .itemsCSV: tr("CSV, one row per line item")
        case .json: tr("JSON, everything (can be imported again)")
        }
    }

    public var isCSV: Bool { self != .json }
}
