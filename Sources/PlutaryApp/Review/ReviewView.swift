import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The review screen: the receipt image on the left, its fields, warnings and
/// items on the right, and Save / Skip / Discard above. Ctrl+S or Ctrl+Return
/// saves, Escape discards (asking first when that would lose something).
@MainActor
final class ReviewView {
    let root: Widget
    private let viewModel: ReviewViewModel
    private let image: ReviewImageView
    private let itemsTable: ReviewItemsTable
    private let titleLabel: Widget
    private let subtitleLabel: Widget
    private let saveButton: Widget
    private let errorLabel: Widget
    private var entries: [ReceiptField: Widget] = [:]
    private let currencyDropDown: Widget
    private let currencyMark: Widget
    private let warningsBox: Widget
    private var shownWarnings: [String] = []
    private let duplicateBox: Widget
    private let duplicateLabel: Widget
    private let remoteReading: RemoteReadingBox
    private let itemsMark: Widget
    private let itemsSummary: Widget
    private var keys: Object?
    private weak var window: Window?
    private var confirmation: ConfirmDialog?
    /// Put on screen by the navigator (it may wait for the image first).
    var isShown = false
    /// The field last focused: a click on the image's words fills it.
    private var activeField: ReceiptField = .merchantName
    private var focusControllers: [Object] = []

    init(viewModel: ReviewViewModel) {
        self.viewModel = viewModel
        root = Widgets.box(GTK_ORIENTATION_VERTICAL, css: ["review"])
        root.expand()

        // Title and the actions.
        let bar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, css: ["review-bar"])
        let titles = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        titles.expand(horizontally: true, vertically: false)
        titleLabel = Widgets.label("", css: ["title-3"], xalign: 0)
        subtitleLabel = Widgets.label("", css: ["dim-label"], xalign: 0)
        gtk_label_set_ellipsize(subtitleLabel.opaque, PANGO_ELLIPSIZE_END)
        titles.append(titleLabel, subtitleLabel)
        let discardButton = Self.textButton(viewModel.discardLabel)
        discardButton.tooltip = viewModel.mode == .batch
            ? tr("Stop reviewing; receipts not yet saved are dropped (Escape)") : tr("Close without saving (Escape)")
        let skipButton = Self.textButton(tr("Skip"))
        skipButton.tooltip = tr("Go to the next receipt without saving this one")
        skipButton.isVisible = viewModel.showsSkip
        saveButton = Self.textButton(viewModel.saveLabel)
        saveButton.addCSSClass("suggested-action")
        saveButton.tooltip = tr("Save this receipt (Ctrl+S)")
        for button in [discardButton, skipButton, saveButton] { button.setAlign(vertical: GTK_ALIGN_CENTER) }
        bar.append(titles, discardButton, skipButton, saveButton)

        // The form.
        let form = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, css: ["review-form"])
        errorLabel = Widgets.label("", css: ["error"], xalign: 0)
        gtk_label_set_wrap(errorLabel.opaque, 1)
        errorLabel.isVisible = false

        let fieldsGrid = Widget(retaining: gtk_grid_new())
        gtk_grid_set_row_spacing(fieldsGrid.pointer(), 8)
        gtk_grid_set_column_spacing(fieldsGrid.pointer(), 12)
        let options = viewModel.currencyOptions
        var labels = options.map { strdup($0.label) } + [nil]
        currencyDropDown = labels.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                Widget(retaining: gtk_drop_down_new_from_strings($0))
            }
        }
        labels.forEach { free($0) }
        currencyDropDown.expand(horizontally: true, vertically: false)
        currencyMark = Widgets.image(icon: "image-x-generic-symbolic", pixelSize: 16)
        currencyMark.addCSSClass("dim-label")
        let currencyBox = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        currencyBox.append(currencyDropDown, currencyMark)

        let layout: [(ReceiptField, Int32, Int32, Int32)] = [
            (.merchantName, 0, 0, 3), (.purchaseDate, 0, 1, 1), (.currency, 2, 1, 1),
            (.subtotalAmount, 0, 2, 1), (.taxAmount, 2, 2, 1), (.tipAmount, 0, 3, 1), (.totalAmount, 2, 3, 1),
            (.paymentMethod, 0, 4, 1), (.category, 2, 4, 1), (.notes, 0, 5, 3),
        ]
        for (field, column, row, width) in layout {
            let label = Widget(retaining: gtk_label_new_with_mnemonic(field.title))
            gtk_label_set_xalign(label.opaque, 1)
            label.addCSSClass("dim-label")
            fieldsGrid.attach(label, column: column, row: row)
            if field == .currency {
                gtk_label_set_mnemonic_widget(label.opaque, currencyDropDown.widget)
                fieldsGrid.attach(currencyBox, column: column + 1, row: row, width: width)
                continue
            }
            let entry = Widget(retaining: gtk_entry_new())
            entry.expand(horizontally: true, vertically: false)
            gtk_label_set_mnemonic_widget(label.opaque, entry.widget)
            if field.isAmount {
                gtk_editable_set_alignment(entry.opaque, 1)
                gtk_editable_set_width_chars(entry.opaque, 8)
                entry.addCSSClass("numeric")
            }
            if field == .purchaseDate {
                entry.setProperty("placeholder-text", string: tr("YYYY-MM-DD"))
                gtk_editable_set_width_chars(entry.opaque, 11)
            }
            fieldsGrid.attach(entry, column: column + 1, row: row, width: width)
            entries[field] = entry
        }

        // Duplicate warning, with its two ways out.
        duplicateBox = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, css: ["review-duplicate"])
        duplicateLabel = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(duplicateLabel.opaque, 1)
        gtk_label_set_max_width_chars(duplicateLabel.opaque, 40)
        duplicateLabel.expand(horizontally: true, vertically: false)
        let saveAnyway = Self.textButton(tr("Save Anyway"))
        let skipDuplicate = Self.textButton(viewModel.skipDuplicateLabel)
        for button in [saveAnyway, skipDuplicate] { button.setAlign(vertical: GTK_ALIGN_CENTER) }
        duplicateBox.append(Widgets.image(icon: "edit-copy-symbolic", pixelSize: 16), duplicateLabel, skipDuplicate, saveAnyway)
        warningsBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, css: ["review-warnings"])
        remoteReading = RemoteReadingBox(viewModel: viewModel)

        // Items.
        itemsTable = ReviewItemsTable(viewModel: viewModel)
        let itemsHeader = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        let itemsTitle = Widgets.label(tr("Items"), css: ["heading"], xalign: 0)
        itemsMark = Widgets.image(icon: "image-x-generic-symbolic", pixelSize: 16)
        itemsMark.addCSSClass("dim-label")
        itemsMark.tooltip = tr("Read from the receipt image")
        itemsSummary = Widgets.label("", css: ["dim-label", "numeric"], xalign: 0)
        itemsSummary.expand(horizontally: true, vertically: false)
        let addButton = Widget(retaining: gtk_button_new())
        let addContent = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        addContent.append(Widgets.image(icon: "list-add-symbolic", pixelSize: 16), Widgets.label(tr("Add Item")))
        addButton.setButtonChild(addContent)
        addButton.addCSSClass("flat")
        addButton.tooltip = tr("Add a line item")
        addButton.setAccessibleLabel(tr("Add item"))
        itemsHeader.append(itemsTitle, itemsMark, itemsSummary, addButton)

        let detailsTitle = Widgets.label(tr("Receipt"), css: ["heading"], xalign: 0)
        let details = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        details.append(detailsTitle, fieldsGrid)
        let itemsSection = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        itemsSection.append(itemsHeader, itemsTable.root)
        form.append(errorLabel, duplicateBox, remoteReading.root, details, warningsBox, itemsSection)
        let formScroller = Widgets.scrolled(form)
        gtk_scrolled_window_set_policy(formScroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)

        image = ReviewImageView(path: viewModel.imagePath, words: viewModel.imageWords, paper: viewModel.paper)
        let paned = Widget(retaining: gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_paned_set_start_child(paned.opaque, image.root.widget)
        gtk_paned_set_end_child(paned.opaque, formScroller.widget)
        gtk_paned_set_shrink_start_child(paned.opaque, 0)
        gtk_paned_set_shrink_end_child(paned.opaque, 0)
        gtk_paned_set_position(paned.opaque, 380)
        gtk_widget_set_size_request(image.root.widget, 240, -1)
        paned.expand()
        root.append(bar, Widgets.separator(GTK_ORIENTATION_HORIZONTAL), paned)

        for (field, entry) in entries {
            entry.on("changed") { [weak self, weak entry] in
                guard let self, let entry else { return }
                self.viewModel.setField(field, String(cString: gtk_editable_get_text(entry.opaque)))
            }
            let focus = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_focus_new()))
            focus.on("enter") { [weak self] in
                guard let self else { return }
                self.activeField = field
                self.image.highlight(self.viewModel.sourceWords(of: field))
            }
            entry.addController(focus)
            focusControllers.append(focus)
        }
        image.onTurn = { [weak self] clockwise in self?.viewModel.turn(clockwise: clockwise) }
        image.onPaperMoved = { [weak self] corners in self?.viewModel.movePaper(to: corners) }
        image.onPick = { [weak self] index, extend in
            guard let self else { return }
            self.viewModel.pickWord(index, into: self.activeField, extend: extend)
        }
        currencyDropDown.on("notify::selected", pointer: { [weak self] _ in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(self.currencyDropDown.opaque))
            guard options.indices.contains(index) else { return }
            self.viewModel.setField(.currency, options[index].code)
        })
        saveButton.on("clicked") { [weak self] in self?.viewModel.save() }
        skipButton.on("clicked") { [weak self] in self?.viewModel.skip() }
        discardButton.on("clicked") { [weak self] in self?.viewModel.requestDiscard() }
        saveAnyway.on("clicked") { [weak self] in self?.viewModel.save() }
        skipDuplicate.on("clicked") { [weak self] in self?.viewModel.skipDuplicate() }
        addButton.on("clicked") { [weak self] in
            guard let self else { return }
            self.viewModel.addItem()
            self.itemsTable.render()
            if let id = self.viewModel.items.last?.id { self.itemsTable.focusDescription(of: id) }
        }
        observe { [weak self] in self?.render() }
    }

    /// A button named by its text alone (a mnemonic label would be announced twice).
    private static func textButton(_ text: String) -> Widget {
        Widget(retaining: gtk_button_new_with_label(text))
    }

    /// Called once the receipt's image is decoded: until then the pane would be empty.
    var onImageReady: (() -> Void)? {
        get { image.onImageReady }
        set { image.onImageReady = newValue }
    }

    /// Takes the keyboard shortcuts on the window and focuses the first field.
    func attach(to window: Window) {
        self.window = window
        let keys = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        // Capture phase: the shortcuts work while an entry has the focus.
        gtk_event_controller_set_propagation_phase(keys.opaque, GTK_PHASE_CAPTURE)
        keys.onKeyPressed { [weak self] keyval, state in self?.handleKey(keyval, state) ?? false }
        window.addController(keys)
        self.keys = keys
        window.title = String(format: tr("%1$@ – %2$@"), viewModel.title, tr("Plutary"))
        entries[.merchantName]?.grabFocus()
    }

    func detach() {
        if let keys, let window { gtk_widget_remove_controller(window.widget, keys.opaque) }
        keys = nil
    }

    private func handleKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Escape where !control:
            viewModel.requestDiscard()
        case GDK_KEY_s where control, GDK_KEY_S where control, GDK_KEY_Return where control, GDK_KEY_KP_Enter where control:
            viewModel.save()
        case GDK_KEY_plus where control, GDK_KEY_equal where control, GDK_KEY_KP_Add where control:
            image.zoomIn()
        case GDK_KEY_minus where control, GDK_KEY_KP_Subtract where control:
            image.zoomOut()
        case GDK_KEY_0 where control, GDK_KEY_KP_0 where control:
            image.fit()
        case GDK_KEY_r where control:
            viewModel.turn(clockwise: true)
        case GDK_KEY_R where control:
            viewModel.turn(clockwise: false)
        default:
            return false
        }
        return true
    }

    private func render() {
        titleLabel.setLabel(viewModel.title)
        subtitleLabel.setLabel(viewModel.subtitle)
        if String(cString: gtk_button_get_label(saveButton.pointer())) != viewModel.saveLabel {
            gtk_button_set_label(saveButton.pointer(), viewModel.saveLabel)
        }
        window?.title = String(format: tr("%1$@ – %2$@"), viewModel.title, tr("Plutary"))
        errorLabel.setLabel(viewModel.errorMessage ?? "")
        errorLabel.isVisible = viewModel.errorMessage != nil

        let placeholder = viewModel.amountPlaceholder
        for (field, entry) in entries {
            let text = viewModel.text(field)
            if String(cString: gtk_editable_get_text(entry.opaque)) != text { gtk_editable_set_text(entry.opaque, text) }
            if field.isAmount { entry.setProperty("placeholder-text", string: placeholder) }
            mark(entry, field: field)
        }
        let code = viewModel.text(.currency)
        if let index = viewModel.currencyOptions.firstIndex(where: { $0.code == code }),
           gtk_drop_down_get_selected(currencyDropDown.opaque) != guint(index) {
            gtk_drop_down_set_selected(currencyDropDown.opaque, guint(index))
        }
        currencyMark.isVisible = viewModel.isAutoFilled(.currency)
        currencyMark.tooltip = viewModel.autoFillHint(.currency)
        setClass("warning", on: currencyDropDown, viewModel.isLowConfidence(.currency))

        duplicateBox.isVisible = viewModel.duplicateMessage != nil
        duplicateLabel.setLabel(viewModel.duplicateMessage ?? "")
        duplicateLabel.tooltip = viewModel.duplicateId.map { String(format: tr("Saved receipt %@"), $0) }
        renderWarnings(viewModel.warnings)
        remoteReading.render()

        itemsMark.isVisible = viewModel.itemsAutoFilled
        itemsSummary.setLabel(viewModel.itemsSummary)
        itemsTable.render()
        image.highlight(viewModel.sourceWords(of: activeField))
        image.setTurning(enabled: viewModel.canTurn || viewModel.isRereading, busy: viewModel.isRereading)
        saveButton.isSensitive = !viewModel.isRereading && !viewModel.isSaving

        if viewModel.isConfirmingDiscard, confirmation == nil { askToDiscard() }
    }

    /// Auto-filled fields carry a small icon whose tooltip says so; low-confidence
    /// ones are highlighted until the person changes them.
    private func mark(_ entry: Widget, field: ReceiptField) {
        let low = viewModel.isLowConfidence(field)
        let icon: String? = viewModel.isAutoFilled(field) ? (low ? "dialog-warning-symbolic" : "image-x-generic-symbolic") : nil
        let position = GTK_ENTRY_ICON_SECONDARY
        let current = gtk_entry_get_icon_name(entry.pointer(), position).map { String(cString: $0) }
        if current != icon {
            gtk_entry_set_icon_from_icon_name(entry.pointer(), position, icon)
            gtk_entry_set_icon_tooltip_text(entry.pointer(), position, viewModel.autoFillHint(field))
        }
        setClass("warning", on: entry, low)
    }

    private func setClass(_ name: String, on widget: Widget, _ on: Bool) {
        on ? widget.addCSSClass(name) : widget.removeCSSClass(name)
    }

    private func renderWarnings(_ warnings: [String]) {
        warningsBox.isVisible = !warnings.isEmpty
        guard warnings != shownWarnings else { return }
        shownWarnings = warnings
        while let child = gtk_widget_get_first_child(warningsBox.widget) { gtk_box_remove(warningsBox.pointer(), child) }
        for warning in warnings {
            let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
            let icon = Widgets.image(icon: "dialog-warning-symbolic", pixelSize: 16)
            icon.setAlign(vertical: GTK_ALIGN_START)
            let label = Widgets.label(warning, xalign: 0)
            gtk_label_set_wrap(label.opaque, 1)
            gtk_label_set_max_width_chars(label.opaque, 40)
            label.expand(horizontally: true, vertically: false)
            row.append(icon, label)
            warningsBox.append(row)
        }
    }

    private func askToDiscard() {
        confirmation = ConfirmDialog.ask(
            parent: window, heading: viewModel.discardHeading, body: viewModel.discardBody, confirm: viewModel.discardConfirmLabel,
            cancel: viewModel.mode == .batch ? tr("Keep Reviewing") : tr("Keep Editing"), destructive: true
        ) { [weak self] confirmed in
            self?.confirmation = nil
            self?.viewModel.confirmDiscard(confirmed)
        }
    }
}
