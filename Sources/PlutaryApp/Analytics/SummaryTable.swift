import CGtk
import GtkKit

/// A small table of labels in a grid: the first column left-aligned, the
/// others right-aligned and numeric. Refilled whole when the data changes.
@MainActor
final class SummaryTable {
    let root: Widget
    private var cells: [Widget] = []
    private var shown: (rows: [[String]], dim: Set<Int>)?

    init() {
        root = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(root.pointer(), 4)
        gtk_grid_set_column_spacing(root.pointer(), 18)
    }

    /// `dim` columns are drawn dimmed (counts, secondary values).
    func show(_ rows: [[String]], dim: Set<Int> = [], emptyText: String = "—") {
        let rows = rows.isEmpty ? [[emptyText]] : rows
        // Switching to the section reads the report again: the same rows keep their labels.
        guard shown.map({ $0.rows != rows || $0.dim != dim }) ?? true else { return }
        shown = (rows, dim)
        for cell in cells { gtk_grid_remove(root.pointer(), cell.widget) }
        cells = []
        for (row, values) in rows.enumerated() {
            for (column, value) in values.enumerated() {
                var css = dim.contains(column) ? ["dim-label"] : []
                if column > 0 { css.append("numeric") }
                let label = Widgets.label(value, css: css, xalign: column == 0 ? 0 : 1)
                if column == 0 {
                    gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
                    gtk_label_set_max_width_chars(label.opaque, 28)
                    label.expand(horizontally: true, vertically: false)
                }
                root.attach(label, column: Int32(column), row: Int32(row))
                cells.append(label)
            }
        }
    }
}
