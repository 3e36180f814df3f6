import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import PlutaryCore

/// "Export chart…": the chart laid out at a fixed size in the light theme and
/// written as PNG, SVG or PDF. The GUI asks for the file with the native
/// chooser; `plutary chart` names it on the command line; both then run `write`.
public enum ChartExporter {
    public static let size = CGSize(width: 900, height: 480)

    /// Writes `chart` to `url` in the format its extension names (PNG when it
    /// names none, adding ".png"); returns the file written.
    @discardableResult
    public static func write(_ chart: Chart, to url: URL, size: CGSize = ChartExporter.size) throws -> URL {
        let format = ChartFileFormat(fileName: url.lastPathComponent) ?? .png
        let target = ChartFileFormat(fileName: url.lastPathComponent) == nil ? url.appendingPathExtension("png") : url
        let layout = ChartLayoutEngine.layout(chart, in: ChartLayoutContext(size: size, theme: .light, measurer: PangoText()))
        try ChartFile.write(layout, format: format, to: target, scale: format == .png ? 2 : 1)
        return target
    }

    /// Asks where to save and writes there; `done` gets an error message, or nil on success or cancel.
    @MainActor
    static func present(_ chart: Chart, suggestedName: String, done: @escaping @MainActor (String?) -> Void) {
        let filters = ChartFileFormat.allCases.map {
            FileChooser.Filter(name: $0.title, mimeTypes: [$0.mimeType], patterns: ["*." + $0.fileExtension])
        }
        FileChooser.saveFile(title: tr("Export Chart"), accept: tr("_Export"), parent: nil, suggestedName: suggestedName + ".png",
                             filters: filters) { url in
            guard let url else { return done(nil) }
            do {
                try write(chart, to: url)
                done(nil)
            } catch {
                done(error.localizedDescription)
            }
        }
    }
}
