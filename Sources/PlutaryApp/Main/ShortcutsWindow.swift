import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// The keyboard shortcuts window (Ctrl+? or F1). GTK 4.8 builds these only
/// through GtkBuilder, so the window is described as UI XML.
@MainActor
enum ShortcutsWindow {
    static func present(over parent: Window) {
        func shortcut(_ title: String, _ accelerator: String) -> String {
            """
            <child><object class="GtkShortcutsShortcut">
              <property name="title">\(escape(title))</property>
              <property name="accelerator">\(escape(accelerator))</property>
            </object></child>
            """
        }
        let general = [
            shortcut(tr("Keyboard shortcuts"), "<Control>question F1"),
            shortcut(tr("Scan from scanner"), "<Control><Shift>s"),
            shortcut(tr("Close window"), "<Control>w"),
            shortcut(tr("Quit"), "<Control>q"),
        ].joined()
        let sections = AppSection.allCases.enumerated().map { shortcut($1.title, "<Control>\($0 + 1)") }.joined()
        let xml = """
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            <child><object class="GtkShortcutsGroup"><property name="title">\(escape(tr("General")))</property>\(general)</object></child>
            <child><object class="GtkShortcutsGroup"><property name="title">\(escape(tr("Sections")))</property>\(sections)</object></child>
            </object></child></object></interface>
            """
        let builder = Object(adopting: UnsafeMutableRawPointer(gtk_builder_new_from_string(xml, -1)))
        guard let raw = gtk_builder_get_object(builder.opaque, "shortcuts") else { return }
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(raw))
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_present(window)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
