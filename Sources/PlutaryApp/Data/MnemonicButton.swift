import CGtk
import GtkKit

/// A button with a mnemonic label ("_Export…"). GTK 4.8 names such a button
/// "_Export… Export…" to screen readers (the mnemonic label is added as
/// labelled-by); dropping that relation and setting the label says it once.
@MainActor
enum MnemonicButton {
    static func make(_ label: String) -> Widget {
        let button = Widgets.button(label: label)
        name(button, label)
        return button
    }

    static func setLabel(_ button: Widget, _ label: String) {
        gtk_button_set_label(button.pointer(), label)
        name(button, label)
    }

    private static func name(_ button: Widget, _ label: String) {
        gtk_accessible_reset_relation(button.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        button.setAccessibleLabel(plain(label))
    }

    private static func plain(_ label: String) -> String {
        label.replacingOccurrences(of: "_", with: "")
    }
}
