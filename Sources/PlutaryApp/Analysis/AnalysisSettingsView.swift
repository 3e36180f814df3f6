import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The "Remote analysis" section of Settings: binds `AnalysisSettingsViewModel`.
/// The token field is write-only: it is cleared once stored and never filled in.
@MainActor
final class AnalysisSettingsView {
    let root: Widget
    private let viewModel: AnalysisSettingsViewModel
    private let providerDrop: DropDown
    private let urlEntry: Widget
    private let urlMessage: Widget
    private let tokenEntry: Widget
    private let tokenStatus: Widget
    private let saveToken: Widget
    private let deleteToken: Widget
    private let modelLabel: Widget
    private let modelEntry: Widget
    private let attempts: Widget
    private let concurrency: Widget
    private let auto: Widget
    private let testButton: Widget
    private let testResult: Widget
    private let keyringMessage: Widget
    private let errorLabel: Widget
    private let uploadSize: Widget
    private var rendering = false

    init(viewModel: AnalysisSettingsViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        keyringMessage = Widgets.label("", css: ["warning"], xalign: 0)
        gtk_label_set_wrap(keyringMessage.opaque, 1)
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)

        let titles = AnalysisSettingsViewModel.providers.map(AnalysisSettingsViewModel.title(of:))
        providerDrop = DropDown(strings: titles)
        providerDrop.setAccessibleLabel(tr("Analysis service"))

        urlEntry = Widget(retaining: gtk_entry_new())
        urlEntry.setProperty("placeholder-text", string: "https://") // i18n-ignore: a URL scheme
        urlEntry.setAccessibleLabel(tr("Base URL"))
        urlEntry.expand(horizontally: true, vertically: false)
        urlMessage = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(urlMessage.opaque, 1)

        tokenEntry = Widget(retaining: gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(tokenEntry.opaque, 1)
        tokenEntry.setAccessibleLabel(tr("API token"))
        tokenEntry.expand(horizontally: true, vertically: false)
        tokenStatus = Widgets.label("", css: ["dim-label"], xalign: 0)
        saveToken = Widgets.button(label: tr("_Store token"))
        deleteToken = Widgets.button(label: tr("_Delete token"))

        modelLabel = Widgets.label(tr("Model"), css: ["dim-label"], xalign: 1)
        modelEntry = Widget(retaining: gtk_entry_new())
        modelEntry.setAccessibleLabel(tr("Model"))
        attempts = Widget(retaining: gtk_spin_button_new_with_range(1, 20, 1))
        attempts.setAccessibleLabel(tr("Maximum attempts"))
        concurrency = Widget(retaining: gtk_spin_button_new_with_range(1, 8, 1))
        concurrency.setAccessibleLabel(tr("Uploads at once"))
        auto = Widget(retaining: gtk_check_button_new_with_mnemonic(tr("Analyse new receipts _automatically")))
        testButton = Widgets.button(label: tr("_Test connection"))
        testResult = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(testResult.opaque, 1)
        testResult.expand(horizontally: true, vertically: false)
        uploadSize = Widgets.label("", css: ["dim-label"], xalign: 0)
        gtk_label_set_wrap(uploadSize.opaque, 1)

        let grid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(grid.pointer(), 8)
        gtk_grid_set_column_spacing(grid.pointer(), 24)
        let tokenRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        tokenRow.append(tokenEntry, saveToken, deleteToken)
        let testRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        testRow.append(testButton, testResult)
        // A row with no label on the left collapses when its widget is hidden (the URL message).
        let rows: [(Widget?, Widget)] = [
            (Widgets.label(tr("Service"), css: ["dim-label"], xalign: 1), providerDrop),
            (Widgets.label(tr("Base URL"), css: ["dim-label"], xalign: 1), urlEntry),
            (nil, urlMessage),
            (Widgets.label(tr("API token"), css: ["dim-label"], xalign: 1), tokenRow),
            (Widgets.label("", xalign: 1), tokenStatus),
            (modelLabel, modelEntry),
            (Widgets.label(tr("Maximum attempts"), css: ["dim-label"], xalign: 1), attempts),
            (Widgets.label(tr("Uploads at once"), css: ["dim-label"], xalign: 1), concurrency),
            (Widgets.label("", xalign: 1), auto),
            (Widgets.label("", xalign: 1), testRow),
            (Widgets.label(tr("Upload size"), css: ["dim-label"], xalign: 1), uploadSize),
        ]
        for (index, row) in rows.enumerated() {
            if let label = row.0 { grid.attach(label, column: 0, row: Int32(index)) }
            grid.attach(row.1, column: 1, row: Int32(index))
        }
        root.append(Widgets.label(tr("Remote analysis"), css: ["title-2"], xalign: 0), keyringMessage, grid, errorLabel)
        connect()
        observe { [weak self] in self?.render() }
    }

    private func connect() {
        providerDrop.onSelected { [weak self] index in
            guard let self, !self.rendering else { return }
            guard AnalysisSettingsViewModel.providers.indices.contains(index) else { return }
            let kind = AnalysisSettingsViewModel.providers[index]
            Task { await self.viewModel.setProvider(kind) }
        }
        urlEntry.on("changed") { [weak self] in
            guard let self, !self.rendering else { return }
            let text = self.text(of: self.urlEntry)
            Task { await self.viewModel.setBaseURL(text) }
        }
        modelEntry.on("changed") { [weak self] in
            guard let self, !self.rendering else { return }
            self.viewModel.setModel(self.text(of: self.modelEntry))
        }
        attempts.on("value-changed") { [weak self] in
            guard let self, !self.rendering else { return }
            self.viewModel.setMaxAttempts(Int(gtk_spin_button_get_value_as_int(self.attempts.opaque)))
        }
        concurrency.on("value-changed") { [weak self] in
            guard let self, !self.rendering else { return }
            self.viewModel.setConcurrency(Int(gtk_spin_button_get_value_as_int(self.concurrency.opaque)))
        }
        auto.on("toggled") { [weak self] in
            guard let self, !self.rendering else { return }
            self.viewModel.setAutoAnalyse(gtk_check_button_get_active(self.auto.pointer()) != 0)
        }
        let store: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            let token = self.text(of: self.tokenEntry)
            gtk_editable_set_text(self.tokenEntry.opaque, "") // the token leaves the widget at once
            Task { await self.viewModel.saveToken(token) }
        }
        saveToken.on("clicked", store)
        tokenEntry.on("activate", store)
        deleteToken.on("clicked") { [weak self] in
            guard let self else { return }
            Task { await self.viewModel.deleteToken() }
        }
        testButton.on("clicked") { [weak self] in
            guard let self else { return }
            Task { await self.viewModel.testConnection() }
        }
    }

    private func text(of entry: Widget) -> String {
        String(cString: gtk_editable_get_text(entry.opaque))
    }

    private func render() {
        rendering = true
        defer { rendering = false }
        let index = AnalysisSettingsViewModel.providers.firstIndex(of: viewModel.provider) ?? 0
        providerDrop.selected = index
        providerDrop.isSensitive = viewModel.keyringAvailable
        keyringMessage.setLabel(viewModel.keyringMessage ?? "")
        keyringMessage.isVisible = viewModel.keyringMessage != nil

        let enabled = viewModel.provider != .none
        if text(of: urlEntry) != viewModel.baseURL { gtk_editable_set_text(urlEntry.opaque, viewModel.baseURL) }
        urlEntry.isSensitive = enabled
        switch viewModel.baseURLProblem {
        case .invalid(let message):
            urlMessage.setLabel(message); urlMessage.removeCSSClass("warning"); urlMessage.addCSSClass("error")
        case .warning(let message):
            urlMessage.setLabel(message); urlMessage.removeCSSClass("error"); urlMessage.addCSSClass("warning")
        case nil:
            urlMessage.setLabel("")
        }
        urlMessage.isVisible = viewModel.baseURLProblem != nil

        tokenStatus.setLabel(viewModel.tokenStatusText)
        for widget in [tokenEntry, saveToken] { widget.isSensitive = enabled && viewModel.keyringAvailable }
        deleteToken.isSensitive = enabled && viewModel.tokenStored == true

        modelLabel.isVisible = viewModel.showsModel
        modelEntry.isVisible = viewModel.showsModel
        if text(of: modelEntry) != viewModel.model { gtk_editable_set_text(modelEntry.opaque, viewModel.model) }
        gtk_spin_button_set_value(attempts.opaque, Double(viewModel.maxAttempts))
        gtk_spin_button_set_value(concurrency.opaque, Double(viewModel.concurrency))
        gtk_check_button_set_active(auto.pointer(), viewModel.autoAnalyse ? 1 : 0)
        for widget in [attempts, concurrency, auto] { widget.isSensitive = enabled }

        testButton.isSensitive = enabled && !viewModel.isTesting
        testResult.setLabel(viewModel.connectionResult ?? "")
        uploadSize.setLabel(viewModel.uploadSizeText ?? "")
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil
    }
}
