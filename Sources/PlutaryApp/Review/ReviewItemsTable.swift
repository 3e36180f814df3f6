import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The review screen's line items as an editable grid: one entry per column,
/// and move up / move down / remove buttons per row. Row widgets are kept by
/// the row's id, so typing never rebuilds the grid and focus stays put. Enter
/// goes down a column and adds a row after the last; Delete in an empty row
/// removes it.
@MainActor
final class ReviewItemsTable {
    let root: Widget
    private let viewModel: ReviewViewModel
    private let grid: Widget
    private var rows: [Int: Row] = [:]
    private var shownOrder: [Int] = []
    private var focusAfterLayout: Widget?
    private var keyControllers: [Object] = []

    private struct Row {
        let entries: [LineItemColumn: Widget]
        let up: Widget
        let down: Widget
        let remove: Widget
        var number = 0
        var widgets: [Widget] { LineItemColumn.allCases.compactMap { entries[$0] } + [up, down, remove] }
    }

    init(viewModel: ReviewViewModel) {
        self.viewModel = viewModel
        grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 6)
        gtk_grid_set_column_spacing(grid.pointer(), 6)
        grid.addCSSClass("review-items")
        for (column, kind) in LineItemColumn.allCases.enumerated() {
            let header = Widgets.label(kind.title, css: ["caption-heading", "dim-label"], xalign: kind.isNumeric ? 1 : 0)
            grid.attach(header, column: Int32(column), row: 0)
        }
        root = grid
    }

    func render() {
        let items = viewModel.items
        let ids = items.map(\.id)
        for id in Set(rows.keys).subtracting(ids) {
            rows[id]?.widgets.forEach { gtk_grid_remove(grid.pointer(), $0.widget) }
            rows[id] = nil
        }
        for item in items where rows[item.id] == nil { rows[item.id] = makeRow(item.id) }
        if ids != shownOrder {
            for id in shownOrder where rows[id] != nil { rows[id]!.widgets.forEach { gtk_grid_remove(grid.pointer(), $0.widget) } }
            for (index, id) in ids.enumerated() {
                for (column, widget) in rows[id]!.widgets.enumerated() {
                    grid.attach(widget, column: Int32(column), row: Int32(index + 1))
                }
            }
            shownOrder = ids
            focusAfterLayout?.grabFocus()
            focusAfterLayout = nil
        }
        for (index, item) in items.enumerated() {
            guard var row = rows[item.id] else { continue }
            for column in LineItemColumn.allCases {
                guard let entry = row.entries[column] else { continue }
                if String(cString: gtk_editable_get_text(entry.opaque)) != item[column] {
                    gtk_editable_set_text(entry.opaque, item[column])
                }
            }
            row.up.isSensitive = index > 0
            row.down.isSensitive = index < items.count - 1
            if row.number != index + 1 {
                row.number = index + 1
                label(row, number: index + 1)
                rows[item.id] = row
            }
        }
    }

    /// Focuses the first entry of a row just added.
    func focusDescription(of id: Int) {
        rows[id]?.entries[.description]?.grabFocus()
    }

    private func makeRow(_ id: Int) -> Row {
        var entries: [LineItemColumn: Widget] = [:]
        for column in LineItemColumn.allCases {
            let entry = Widget(retaining: gtk_entry_new())
            switch column {
            case .description:
                // Descriptions run to 20 characters and more; they take the free width.
                entry.expand(horizontally: true, vertically: false)
                gtk_editable_set_width_chars(entry.opaque, 14)
            case .quantity:
                gtk_editable_set_width_chars(entry.opaque, 3)
            case .unitPrice, .total:
                gtk_editable_set_width_chars(entry.opaque, 6)
            case .category:
                gtk_editable_set_width_chars(entry.opaque, 6)
            }
            if column.isNumeric {
                gtk_editable_set_alignment(entry.opaque, 1)
                entry.addCSSClass("numeric")
            }
            entry.on("changed") { [weak self, weak entry] in
                guard let self, let entry else { return }
                self.viewModel.setItem(id, column, String(cString: gtk_editable_get_text(entry.opaque)))
            }
            entry.on("activate") { [weak self] in self?.enter(from: id, column) }
            let keys = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
            // Capture phase: the entry's text would take Delete first.
            gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
            keys.onKeyPressed { [weak self] keyval, _ in
                guard Int32(bitPattern: keyval) == GDK_KEY_Delete, let self, self.isEmpty(id) else { return false }
                self.removeEmptyRow(id)
                return true
            }
            entry.addController(keys)
            entries[column] = entry
            keyControllers.append(keys)
        }
        let up = Widgets.iconButton("go-up-symbolic", tooltip: tr("Move up"))
        let down = Widgets.iconButton("go-down-symbolic", tooltip: tr("Move down"))
        let remove = Widgets.iconButton("list-remove-symbolic", tooltip: tr("Remove item"))
        for button in [up, down, remove] {
            button.addCSSClass("flat")
            button.setAlign(vertical: GTK_ALIGN_CENTER)
        }
        up.on("clicked") { [weak self, weak up, weak down] in
            guard let self else { return }
            self.viewModel.moveItem(id, by: -1)
            // Keep the keyboard on the row that moved; at the top, on its other arrow.
            self.focusAfterLayout = self.viewModel.canMoveItem(id, by: -1) ? up : down
        }
        down.on("clicked") { [weak self, weak up, weak down] in
            guard let self else { return }
            self.viewModel.moveItem(id, by: 1)
            self.focusAfterLayout = self.viewModel.canMoveItem(id, by: 1) ? down : up
        }
        remove.on("clicked") { [weak self] in self?.viewModel.removeItem(id) }
        return Row(entries: entries, up: up, down: down, remove: remove)
    }

    /// Enter: the same column one row down; on the last row, a new row.
    private func enter(from id: Int, _ column: LineItemColumn) {
        let ids = viewModel.items.map(\.id)
        guard let index = ids.firstIndex(of: id) else { return }
        if index + 1 < ids.count {
            rows[ids[index + 1]]?.entries[column]?.grabFocus()
            return
        }
        viewModel.addItem()
        render()
        if let added = viewModel.items.last?.id { focusDescription(of: added) }
    }

    private func isEmpty(_ id: Int) -> Bool {
        viewModel.items.first { $0.id == id }?.isEmpty ?? false
    }

    /// Removes a row left empty, keeping the keyboard on the row above (or the next one).
    private func removeEmptyRow(_ id: Int) {
        let ids = viewModel.items.map(\.id)
        guard let index = ids.firstIndex(of: id) else { return }
        let neighbour = index > 0 ? ids[index - 1] : ids.dropFirst().first
        viewModel.removeItem(id)
        render()
        if let neighbour { focusDescription(of: neighbour) }
    }

    /// Names each control for screen readers with its row number ("Total, item 2").
    private func label(_ row: Row, number: Int) {
        for column in LineItemColumn.allCases {
            row.entries[column]?.setAccessibleLabel(String(format: tr("%@, item %d"), column.title, number))
        }
        row.up.setAccessibleLabel(String(format: tr("Move item %d up"), number))
        row.down.setAccessibleLabel(String(format: tr("Move item %d down"), number))
        row.remove.setAccessibleLabel(String(format: tr("Remove item %d"), number))
    }
}
