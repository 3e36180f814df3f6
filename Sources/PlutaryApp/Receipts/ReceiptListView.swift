import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The Receipts screen: a search field, the receipts table whose rows expand
/// into their line items, a footer with the visible totals, and an undo bar.
@MainActor
final class ReceiptListView {
    let root: Widget
    private let viewModel: ReceiptListViewModel
    private let content: ListOrEmpty
    private let table: TreeColumnView<ReceiptRow, LineItemRow>
    private let search: Widget
    private let countLabel: Widget
    private let totalsLabel: Widget
    private let errorLabel: Widget
    private let toast: UndoToast
    private let filterBar: Widget
    private let filterLabel: Widget
    private let analyseButton: Widget
    /// Row position by receipt id, for redrawing a job's row; built when first needed after a
    /// render, not in every render (50 ms on the main thread at 100 000 receipts).
    private var positionCache: [String: Int]?
    private var analysed: Set<String> = []
    /// Bindings that read the analysis queue, which outlives this view.
    private var analysisObservers: [Observing] = []

    init(viewModel: ReceiptListViewModel) {
        self.viewModel = viewModel
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        page.setMargins(12)

        let toolbar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        search = Widgets.searchEntry(placeholder: tr("Search merchants, items, notes"))
        search.tooltip = tr("Search (Ctrl+F)")
        search.expand(horizontally: true, vertically: false)
        countLabel = Widgets.label("", css: ["dim-label"])
        analyseButton = Widgets.iconButton("mail-send-symbolic", tooltip: tr("Send the selected receipts to analysis"))
        analyseButton.isVisible = viewModel.analysis != nil
        toolbar.append(search, countLabel, analyseButton)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)
        filterBar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        filterLabel = Widgets.label("", css: ["heading"], xalign: 0)
        let clearFilter = Widgets.iconButton("edit-clear-symbolic", tooltip: tr("Show all receipts"))
        clearFilter.addCSSClass("flat")
        filterBar.append(filterLabel, clearFilter)

        table = TreeColumnView(bridge: ListModelBridge<ReceiptRow>(),
                               childCount: { $0.summary.itemCount },
                               child: { [viewModel] row, index in
                                   let items = viewModel.items(of: row)
                                   return items.indices.contains(index) ? items[index] : nil
                               })
        table.setAccessibleLabel(tr("Receipts"))
        // Expanded, a receipt's items line up under it: name under the merchant, "2 × $3.00" under the count.
        table.addTextColumn(tr("Merchant"), expand: true, parent: { $0.merchant }, child: { $0.description },
                            order: { $0.merchant.localizedCaseInsensitiveCompare($1.merchant) == .orderedAscending })
        table.addTextColumn(tr("Date"), parent: { $0.date }, child: { _ in "" },
                            order: { ($0.summary.purchaseDate ?? "") < ($1.summary.purchaseDate ?? "") })
        table.addTextColumn(tr("Category"), parent: { $0.category }, child: { $0.category },
                            order: { $0.category.localizedCaseInsensitiveCompare($1.category) == .orderedAscending })
        table.addTextColumn(tr("Items"), xalign: 1, css: ["numeric"], parent: { $0.itemCount }, child: { $0.quantityAndPrice },
                            order: { $0.summary.itemCount < $1.summary.itemCount })
        table.addTextColumn(tr("Total"), xalign: 1, css: ["numeric"], parent: { $0.total }, child: { $0.total },
                            order: ReceiptListView.totalOrder)
        table.addTextColumn(tr("Converted"), xalign: 1, css: ["numeric", "dim-label"], parent: { $0.converted },
                            child: { _ in "" },
                            order: { ($0.convertedTotal?.minorUnits ?? .min) < ($1.convertedTotal?.minorUnits ?? .min) })
        if viewModel.analysis != nil {
            table.addProgressColumn(tr("Analysis"), css: ["dim-label"], parent: { [viewModel] in
                (viewModel.analysisState(of: $0), viewModel.analysisProgress(of: $0))
            })
        }

        let empty = StatusPage.make(icon: "document-open-recent-symbolic", title: viewModel.emptyTitle, hint: viewModel.emptyHint)
        let noMatches = StatusPage.make(icon: "edit-find-symbolic", title: viewModel.noMatchesTitle, hint: viewModel.noMatchesHint)
        content = ListOrEmpty(list: table, empty: empty.page, noMatches: noMatches.page)
        totalsLabel = Widgets.label("", css: ["dim-label", "numeric", "receipts-footer"], xalign: 1)
        gtk_label_set_selectable(totalsLabel.opaque, 1)
        page.append(toolbar, filterBar, errorLabel, content.root, totalsLabel)

        toast = UndoToast { [weak viewModel] in viewModel?.undo() }
        root = Widget(retaining: gtk_overlay_new())
        gtk_overlay_set_child(root.opaque, page.widget)
        gtk_overlay_add_overlay(root.opaque, toast.root.widget)

        search.onSearchChanged { [weak self] text in self?.viewModel.search(text) }
        clearFilter.on("clicked") { [weak self] in self?.viewModel.show(nil) }
        analyseButton.on("clicked") { [weak self] in
            guard let self else { return }
            self.viewModel.sendToAnalysis(ids: self.selectedIds)
        }
        if let analysis = viewModel.analysis {
            // A job's progress redraws its receipt's cells on screen only: not a 100 000-row list,
            // and not through the model, which would collapse and deselect the row.
            analysisObservers.append(observe { [weak self] in
                let sending = analysis.uploadProgress.keys
                guard let self else { return }
                self.table.redraw(positions: Set(sending.compactMap { self.positions[$0] }))
            })
            analysisObservers.append(observe { [weak self] in
                let jobs = analysis.jobsByReceipt
                guard let self else { return }
                self.table.redraw(positions: Set(jobs.keys.compactMap { self.positions[$0] }))
                // A finished analysis may have filled fields: read the list again.
                let done = Set(jobs.filter { $0.value.state == .done }.keys)
                if !done.subtracting(self.analysed).isEmpty { self.viewModel.reload() }
                self.analysed = done
                if let message = analysis.errorMessage ?? analysis.needsToken { self.showError(message) }
            })
        }
        // Items are read off the main actor as a row expands: their rows fill in when they arrive.
        observe { [weak self] in
            let loaded = viewModel.loadedItems
            guard let self else { return }
            // A scan per expanded receipt, not the position index: building that for 100 000 rows
            // took 50–130 ms of the main thread on the first expansion after each reload.
            let rows = self.table.bridge.items
            self.table.redraw(childrenOf: Set(loaded.compactMap { id in rows.firstIndex { $0.id == id } }))
        }
        installKeys()
        table.onActivate { [weak self] node in
            guard let self, case .parent(let index) = node, let row = self.table.bridge.item(at: index) else { return }
            self.viewModel.open(id: row.id)
        }
        observe { [weak self] in self?.render() }
    }

    isolated deinit {
        analysisObservers.forEach { $0.cancel() }
    }

    /// Whether the table holds the loaded rows (for the start-up measurement).
    var showsLoadedRows: Bool { viewModel.isLoaded && table.bridge.items.count == viewModel.rows.count }

    private var positions: [String: Int] {
        if let positionCache { return positionCache }
        // The bridge's rows, not the view model's: reading those would make every observer of jobs re-run on each reload.
        let built = Dictionary(table.bridge.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        positionCache = built
        return built
    }

    /// Totals of one currency sort by amount; different currencies group by code.
    private static func totalOrder(_ a: ReceiptRow, _ b: ReceiptRow) -> Bool {
        switch (a.summary.total, b.summary.total) {
        case let (x?, y?): x.currency == y.currency ? x.minorUnits < y.minorUnits : x.currency < y.currency
        case (nil, _?): true
        default: false
        }
    }

    private func installKeys() {
        let keys = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        keys.onKeyPressed { [weak self] keyval, state in
            guard let self else { return false }
            let plain = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
            switch Int32(keyval) {
            case GDK_KEY_Delete, GDK_KEY_KP_Delete:
                guard plain else { return false }
                self.deleteSelected()
                return true
            case GDK_KEY_Right, GDK_KEY_plus, GDK_KEY_KP_Add:
                return plain && self.expandSelected(true)
            case GDK_KEY_Left, GDK_KEY_minus, GDK_KEY_KP_Subtract:
                return plain && self.expandSelected(false)
            default:
                return false
            }
        }
        // Capture phase: the rows would otherwise take the arrow keys for moving between cells.
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        table.addController(keys)
    }

    private func expandSelected(_ expand: Bool) -> Bool {
        guard let position = table.selectedPosition else { return false }
        if !expand, case .child(let parent, _)? = table.node(at: position) {
            // Left on an item goes back to its receipt.
            for candidate in stride(from: position, through: 0, by: -1) where table.node(at: candidate) == .parent(parent) {
                table.select(position: candidate)
                return true
            }
        }
        return table.setExpanded(expand, at: position)
    }

    func deleteSelected() {
        let ids = table.selectedParents.compactMap { table.bridge.item(at: $0)?.id }
        viewModel.delete(ids: ids)
    }

    func undo() { viewModel.undo() }

    func focusSearch() { search.grabFocus() }

    /// Several selected receipts export alone; otherwise what the list shows.
    var exportScope: ExportScope {
        let selected = selectedIds
        return selected.count > 1 ? ExportScope(receiptIds: selected) : viewModel.exportScope
    }

    /// Ids of the selected receipts, for commands that act on a selection.
    var selectedIds: [String] { table.selectedParents.compactMap { table.bridge.item(at: $0)?.id } }

    private func showError(_ message: String) {
        errorLabel.setLabel(message)
        errorLabel.isVisible = true
    }

    private func render() {
        if viewModel.hasNoMatches {
            // The rows stay behind the page, deselected so that no command acts on them: an empty
            // list frees every row's widgets, and the next match built them all anew (85-95 ms).
            table.deselectAll()
        } else {
            table.bridge.replace(with: viewModel.rows)
            BackgroundRelease.replace(&positionCache, with: nil)
        }
        content.showEmpty(viewModel.isEmpty, noMatches: viewModel.hasNoMatches)
        countLabel.setLabel(viewModel.countText)
        totalsLabel.setLabel(viewModel.totalsText)
        filterLabel.setLabel(viewModel.filterText ?? "")
        filterBar.isVisible = viewModel.filterText != nil
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
        toast.show(viewModel.undoMessage)
    }
}
