import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The main window: header bar, a sidebar of the four sections, and a stack
/// showing the selected section's screen.
@MainActor
final class MainWindowView {
    let window: Window
    private let viewModel: MainViewModel
    private let stack: Widget
    private let sidebar: Widget
    private var sectionButtons: [AppSection: Widget] = [:]
    private var screens: [AppSection: AnyObject] = [:]
    private let content: Widget
    private let dropHint: Widget
    private var importPanel: ImportPanel?
    private var sectionActions: [Action] = []
    private var reviewPage: Widget?
    /// Sections installed and not yet shown (see `show`).
    private var neverShown: Set<AppSection> = []

    init(application: Application, viewModel: MainViewModel, preferences: any PreferenceStore) {
        self.viewModel = viewModel
        window = Window(application: application)
        window.setDefaultSize(width: Int32(clamping: preferences.int(.windowWidth)), height: Int32(clamping: preferences.int(.windowHeight)))
        if preferences.bool(.windowMaximized) { window.isMaximized = true }

        let header = Widget(retaining: gtk_header_bar_new())
        let menuButton = Widget(retaining: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        menuButton.tooltip = tr("Main menu")
        menuButton.setAccessibleLabel(tr("Main menu"))
        MainWindowView.setPrimaryMenu(of: menuButton)
        header.packEnd(menuButton)
        let importButton = Widgets.button(label: tr("_Import…"))
        importButton.tooltip = tr("Scan receipt images (Ctrl+O)")
        gtk_actionable_set_action_name(importButton.opaque, "win.import")
        importButton.addCSSClass("suggested-action")
        header.packStart(importButton)
        window.setTitlebar(header)

        sidebar = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, css: ["sidebar"])
        sidebar.setMargins(8)
        stack = Widget(retaining: gtk_stack_new())
        // Sections switch at once, as in GNOME's own apps: a cross-fade draws both pages in every
        // frame for 200 ms, and with Cairo (no GPU) those frames took 25 ms each, on 100 000 receipts.
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_NONE)
        stack.expand()
        // The import panel sits above the section; a drop hint covers it while a drag hovers.
        content = Widgets.box(GTK_ORIENTATION_VERTICAL)
        content.append(stack)
        dropHint = Widgets.label(tr("Drop receipt images or PDFs to import them"), css: ["drop-hint"])
        dropHint.setAlign(horizontal: GTK_ALIGN_CENTER, vertical: GTK_ALIGN_CENTER)
        dropHint.isVisible = false
        gtk_widget_set_can_target(dropHint.widget, 0)

        var group: Widget?
        for section in viewModel.sections {
            let button = Widget(retaining: gtk_toggle_button_new())
            let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
            content.append(Widgets.image(icon: section.iconName, pixelSize: 16), Widgets.label(section.title, xalign: 0))
            button.setButtonChild(content)
            button.addCSSClass("flat")
            button.setAccessibleLabel(section.title)
            if let group { gtk_toggle_button_set_group(button.pointer(), group.pointer()) }
            group = group ?? button
            button.on("toggled") { [weak self, weak button] in
                guard let self, let button, gtk_toggle_button_get_active(button.pointer()) != 0 else { return }
                self.viewModel.select(section)
            }
            sidebar.append(button)
            sectionButtons[section] = button
        }

        let overlay = Widget(retaining: gtk_overlay_new())
        gtk_overlay_set_child(overlay.opaque, content.widget)
        gtk_overlay_add_overlay(overlay.opaque, dropHint.widget)
        let body = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        body.append(sidebar, Widgets.separator(GTK_ORIENTATION_VERTICAL), overlay)
        window.setChild(body)
        FileDrop.install(on: window, hovering: { [weak self] hovering in self?.showDropHint(hovering) },
                         dropped: { [weak self] urls in self?.viewModel.importFiles(urls) })

        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            let size = self.window.defaultSize
            preferences.set(.windowMaximized, .bool(self.window.isMaximized))
            if !self.window.isMaximized, size.width > 0, size.height > 0 {
                preferences.set(.windowWidth, .int(Int(size.width)))
                preferences.set(.windowHeight, .int(Int(size.height)))
            }
            // True stops the close while deletions are written; the window is closed again then.
            return !self.viewModel.windowClosing()
        }
        installActions()
        observe { [weak self] in
            guard let self else { return }
            self.window.title = self.viewModel.windowTitle
        }
    }

    /// The button takes its own reference to the menu; ours goes with `menu`.
    static func setPrimaryMenu(of button: Widget) {
        let menu = Object(adopting: g_menu_new()!)
        g_menu_append(menu.opaque, tr("Scan from _Scanner…"), "win.acquire")
        g_menu_append(menu.opaque, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(menu.opaque, tr("_Quit"), "app.quit")
        gtk_menu_button_set_menu_model(button.opaque, menu.pointer())
    }

    private func installActions() {
        window.addAction(Action(name: "close") { [weak self] in self?.viewModel.closeWindow() })
        window.addAction(Action(name: "import") { [weak self] in self?.chooseFilesToImport() })
        window.addAction(Action(name: "acquire") { [weak self] in self?.viewModel.acquire() })
        window.addAction(Action(name: "paste-image") { [weak self] in self?.pasteImage() })
        window.addAction(Action(name: "find") { [weak self] in
            self?.viewModel.select(.receipts)
            self?.receiptList?.focusSearch()
        })
        window.addAction(Action(name: "undo") { [weak self] in self?.receiptList?.undo() })
        window.addAction(Action(name: "show-help-overlay") { [weak self] in self?.viewModel.showShortcuts() })
        for number in 1...viewModel.sections.count {
            let action = Action(name: "section-\(number)") { [weak self] in self?.viewModel.selectSection(number: number) }
            window.addAction(action)
            sectionActions.append(action)
        }
    }

    private var receiptList: ReceiptListView? { screens[.receipts] as? ReceiptListView }

    /// Ctrl+E on the receipts list exports what it shows (or its selection); elsewhere everything.
    var exportScope: ExportScope {
        guard viewModel.selectedSection == .receipts, let receiptList else { return .everything }
        return receiptList.exportScope
    }

    func installImport(_ panel: ImportPanel) {
        importPanel = panel
        gtk_box_prepend(content.pointer(), panel.root.widget)
    }

    private func showDropHint(_ visible: Bool) {
        dropHint.isVisible = visible
        visible ? content.addCSSClass("drop-highlight") : content.removeCSSClass("drop-highlight")
    }

    private func chooseFilesToImport() {
        FileChooser.openFiles(title: tr("Import Receipts"), accept: tr("_Import"), parent: window, multiple: true,
                              filters: [FileChooser.Filter(name: tr("Images and PDF files"), mimeTypes: ImageFileType.mimeTypes)]) { [weak self] urls in
            self?.viewModel.importFiles(urls)
        }
    }

    /// Ctrl+V outside a text field: an image or copied files are imported.
    private func pasteImage() {
        Clipboard.read(for: window) { [weak self] content in
            switch content {
            case .image(let png):
                self?.viewModel.importImage(png)
            case .files(let urls):
                self?.viewModel.importFiles(urls)
            case .nothing:
                break
            }
        }
    }

    /// Puts a section's screen into the stack; the view is kept alive here. Sections are
    /// installed when first shown (`MainCoordinator`), so the window's smallest size follows
    /// the sections shown so far. Products' columns widen to their longest texts: on the
    /// 100 000-receipt store it asks for 1181 px in English (1222 in German, 1231 in French),
    /// and a narrower window (the default is 1100 px) widens when Products is first shown.
    func install(_ section: AppSection, view: AnyObject, root: Widget) {
        screens[section] = view
        stack.addStackPage(root, name: section.rawValue, title: section.title)
        neverShown.insert(section)
    }

    func show(_ section: AppSection) {
        // A section's screen is built when first asked for, and GTK styles its widgets in the next
        // frame; laid out and drawn in that frame too, on 100 000 receipts Products took 20-25 ms
        // of the main thread at once. So a new screen is shown one frame later (a screen shown
        // first at start-up, with nothing on screen yet, at once).
        if neverShown.remove(section) != nil, gtk_stack_get_visible_child(stack.opaque) != nil {
            stack.afterNextFrame { [weak self] in
                guard let self, self.viewModel.selectedSection == section, self.reviewPage == nil else { return }
                gtk_stack_set_visible_child_name(self.stack.opaque, section.rawValue)
            }
        } else {
            gtk_stack_set_visible_child_name(stack.opaque, section.rawValue)
        }
        if let button = sectionButtons[section], gtk_toggle_button_get_active(button.pointer()) == 0 {
            gtk_toggle_button_set_active(button.pointer(), 1)
        }
    }

    /// Shows a review screen in place of the section content; the sections stay
    /// out of reach until the review is over.
    func showReview(_ root: Widget) {
        let previous = reviewPage
        reviewPage = root
        stack.addStackPage(root, name: "review-\(UInt(bitPattern: root.raw.hashValue))")
        gtk_stack_set_visible_child(stack.opaque, root.widget)
        if let previous { gtk_stack_remove(stack.opaque, previous.widget) }
        setSectionsEnabled(false)
    }

    func closeReview() {
        guard let page = reviewPage else { return }
        reviewPage = nil
        show(viewModel.selectedSection)
        gtk_stack_remove(stack.opaque, page.widget)
        setSectionsEnabled(true)
        window.title = viewModel.windowTitle
    }

    private func setSectionsEnabled(_ enabled: Bool) {
        sidebar.isSensitive = enabled
        sectionActions.forEach { $0.isEnabled = enabled }
    }
}
