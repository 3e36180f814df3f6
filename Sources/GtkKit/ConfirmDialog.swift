import CGtk
import Foundation

/// A modal question over a window: heading, body, optional extra content, and
/// Cancel plus one action button (red when destructive). Escape cancels. It
/// keeps itself alive until answered.
@MainActor
public final class ConfirmDialog {
    private static var shown: [ObjectIdentifier: ConfirmDialog] = [:]
    private let window: Widget
    private let answer: @MainActor (Bool) -> Void
    private var answered = false

    @discardableResult
    public static func ask(parent: Window?, heading: String, body: String, extra: Widget? = nil,
                           confirm: String, cancel: String, destructive: Bool,
                           answer: @escaping @MainActor (Bool) -> Void) -> ConfirmDialog {
        let dialog = ConfirmDialog(parent: parent, heading: heading, body: body, extra: extra,
                                   confirm: confirm, cancel: cancel, destructive: destructive, answer: answer)
        shown[ObjectIdentifier(dialog)] = dialog
        gtk_window_present(dialog.window.pointer())
        return dialog
    }

    private init(parent: Window?, heading: String, body: String, extra: Widget?, confirm: String, cancel cancelLabel: String, destructive: Bool,
                 answer: @escaping @MainActor (Bool) -> Void) {
        self.answer = answer
        window = Widget(retaining: gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.pointer()
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_resizable(gtkWindow, 0)
        gtk_window_set_title(gtkWindow, heading)
        if let parent { gtk_window_set_transient_for(gtkWindow, parent.window) }
        gtk_window_set_default_size(gtkWindow, 420, -1)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        content.setMargins(24)
        let title = Widgets.label(heading, css: ["title-2"], xalign: 0)
        let text = Widgets.label(body, xalign: 0)
        gtk_label_set_wrap(text.opaque, 1)
        gtk_label_set_max_width_chars(text.opaque, 50)
        content.append(title, text)
        if let extra { content.append(extra) }

        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        buttons.setAlign(horizontal: GTK_ALIGN_END)
        let cancel = Widgets.button(label: cancelLabel)
        let action = Widgets.button(label: confirm)
        action.addCSSClass(destructive ? "destructive-action" : "suggested-action")
        buttons.append(cancel, action)
        content.append(buttons)
        gtk_window_set_child(gtkWindow, content.widget)
        gtk_window_set_default_widget(gtkWindow, destructive ? cancel.widget : action.widget)

        cancel.on("clicked") { [weak self] in self?.finish(false) }
        action.on("clicked") { [weak self] in self?.finish(true) }
        window.on("close-request", answering: { [weak self] in
            // GTK destroys the window itself after this handler.
            self?.finish(false, destroy: false)
            return false
        })
        let keys = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        keys.onKeyPressed { [weak self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            self?.finish(false)
            return true
        }
        window.addController(keys)
    }

    private func finish(_ confirmed: Bool, destroy: Bool = true) {
        guard !answered else { return }
        answered = true
        answer(confirmed)
        if destroy { gtk_window_destroy(window.pointer()) }
        let id = ObjectIdentifier(self)
        DispatchQueue.main.async { ConfirmDialog.shown[id] = nil }
    }
}
