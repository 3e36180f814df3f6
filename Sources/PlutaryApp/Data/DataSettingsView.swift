import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// Settings → Data: remove data by category (each with what it holds, after a
/// red confirmation), import a JSON export, and open the export dialog.
@MainActor
final class DataSettingsView {
    let root: Widget
    private let viewModel: DataSettingsViewModel
    private let parent: () -> Window?
    private var checks: [ResetCategory: Widget] = [:]
    private let removeButton: Widget
    private let importButton: Widget
    private let report: Widget

    init(viewModel: DataSettingsViewModel, parent: @escaping () -> Window?) {
        self.viewModel = viewModel
        self.parent = parent
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        gtk_widget_set_margin_top(root.widget, 16)

        let transfer = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        let exportButton = MnemonicButton.make(tr("_Export…"))
        // Ctrl+E's action: the export dialog for all receipts.
        gtk_actionable_set_action_name(exportButton.opaque, "app.export")
        importButton = MnemonicButton.make(tr("_Import Backup…"))
        transfer.append(exportButton, importButton)

        let checkList = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        for category in ResetCategory.allCases {
            let check = Widget(retaining: gtk_check_button_new_with_label(category.title))
            checkList.append(check)
            checks[category] = check
        }
        removeButton = MnemonicButton.make(tr("_Remove Selected Data…"))
        removeButton.addCSSClass("destructive-action")
        removeButton.setAlign(horizontal: GTK_ALIGN_START)
        report = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(report.opaque, 1)
        gtk_label_set_selectable(report.opaque, 1)

        root.append(Widgets.label(tr("Export and import"), css: ["heading"], xalign: 0), transfer,
                    Widgets.label(tr("Remove data"), css: ["heading"], xalign: 0), checkList, removeButton, report)

        for (category, check) in checks {
            check.on("toggled") { [weak self, weak check] in
                guard let self, let check else { return }
                let active = gtk_check_button_get_active(check.pointer()) != 0
                // Boxes ticked because "Everything" is chosen are not a choice of their own.
                guard check.isSensitive, self.viewModel.selection.contains(category) != active else { return }
                self.viewModel.setSelected(category, active)
            }
        }
        removeButton.on("clicked") { [weak self] in self?.confirmReset() }
        importButton.on("clicked") { [weak self] in self?.chooseImport() }
        observe { [weak self] in self?.render() }
    }

    private func render() {
        for choice in viewModel.choices {
            guard let check = checks[choice.category] else { continue }
            let label = String(format: tr("%@ (%@)"), choice.title, choice.detail)
            gtk_check_button_set_label(check.pointer(), label)
            check.isSensitive = choice.isEnabled && !viewModel.isWorking
            if (gtk_check_button_get_active(check.pointer()) != 0) != choice.isSelected {
                gtk_check_button_set_active(check.pointer(), choice.isSelected ? 1 : 0)
            }
        }
        removeButton.isSensitive = viewModel.canReset
        importButton.isSensitive = !viewModel.isWorking
        report.setLabel(viewModel.report.joined(separator: "\n"))
        if viewModel.reportHasFailure { report.addCSSClass("error") } else { report.removeCSSClass("error") }
    }

    private func confirmReset() {
        ConfirmDialog.ask(parent: parent(), heading: viewModel.confirmationHeading, body: viewModel.confirmationBody,
                          confirm: viewModel.confirmLabel, cancel: tr("_Cancel"), destructive: true) { [weak self] confirmed in
            guard confirmed, let self else { return }
            Task { await self.viewModel.performReset() }
        }
    }

    private func chooseImport() {
        let filter = FileChooser.Filter(name: tr("Plutary JSON exports"), mimeTypes: ["application/json"], patterns: ["*.json"])
        FileChooser.openFiles(title: tr("Import Backup"), accept: tr("_Import"), parent: parent(), multiple: false,
                              filters: [filter]) { [weak self] urls in
            guard let self, let url = urls.first else { return }
            Task { await self.viewModel.importBackup(from: url) }
        }
    }
}
