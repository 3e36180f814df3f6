import CGtk
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
    private var sectionActions: [Action] = []
    private var reviewPage: Widget?

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
        gtk_menu_button_set_menu_model(menuButton.opaque, UnsafeMutablePointer<GMenuModel>(MainWindowView.primaryMenu()))
        header.packEnd(menuButton)
        window.setTitlebar(header)

        sidebar = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, css: ["sidebar"])
        sidebar.setMargins(8)
        stack = Widget(retaining: gtk_stack_new())
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        stack.expand()

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

        let body = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        body.append(sidebar, Widgets.separator(GTK_ORIENTATION_VERTICAL), stack)
        window.setChild(body)

        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            let size = self.window.defaultSize
            preferences.set(.windowMaximized, .bool(self.window.isMaximized))
            if !self.window.isMaximized, size.width > 0, size.height > 0 {
                preferences.set(.windowWidth, .int(Int(size.width)))
                preferences.set(.windowHeight, .int(Int(size.height)))
            }
            return false
        }
        installActions()
        observe { [weak self] in
            guard let self else { return }
            self.window.title = self.viewModel.windowTitle
        }
    }

    private static func primaryMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(menu, tr("_Quit"), "app.quit")
        return menu
    }

    private func installActions() {
        window.addAction(Action(name: "close") { [weak self] in self?.viewModel.closeWindow() })
        window.addAction(Action(name: "show-help-overlay") { [weak self] in self?.viewModel.showShortcuts() })
        for number in 1...viewModel.sections.count {
            let action = Action(name: "section-\(number)") { [weak self] in self?.viewModel.selectSection(number: number) }
            window.addAction(action)
            sectionActions.append(action)
        }
    }

    /// Puts a section's screen into the stack; the view is kept alive here.
    func install(_ section: AppSection, view: AnyObject, root: Widget) {
        screens[section] = view
        stack.addStackPage(root, name: section.rawValue, title: section.title)
    }

    func show(_ section: AppSection) {
        gtk_stack_set_visible_child_name(stack.opaque, section.rawValue)
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
