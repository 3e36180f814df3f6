import PlutaryCore

/// The file formats a chart can be saved in.
public enum ChartFileFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    public var fileExtension: String { rawValue }

    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        }
    }

    public var title: String {
        switch self {
        case .png: tr("PNG image")
        case .svg: tr("SVG image")
        case .pdf: tr("PDF document")
        }
    }

    /// The format a file name asks for by its extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
