import CGtk
import GtkKit

/// The empty state a screen shows when it has nothing yet: an icon, a title and a hint.
@MainActor
enum StatusPage {
    static func make(icon: String, title: String, hint: String) -> (page: Widget, title: Widget, hint: Widget) {
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, css: ["status-page"])
        page.setAlign(horizontal: GTK_ALIGN_CENTER, vertical: GTK_ALIGN_CENTER)
        page.expand()
        let image = Widgets.image(icon: icon, pixelSize: 96)
        image.addCSSClass("dim-label")
        let titleLabel = Widgets.label(title, css: ["title-1"])
        // Wrapped like the hint: unwrapped, a long title ("Aucun produit pour l’instant") was the
        // page's smallest width, and a window narrower than it widened when the page was added.
        gtk_label_set_wrap(titleLabel.opaque, 1)
        gtk_label_set_justify(titleLabel.opaque, GTK_JUSTIFY_CENTER)
        let hintLabel = Widgets.label(hint, css: ["dim-label"])
        gtk_label_set_wrap(hintLabel.opaque, 1)
        gtk_label_set_justify(hintLabel.opaque, GTK_JUSTIFY_CENTER)
        page.append(image, titleLabel, hintLabel)
        return (page, titleLabel, hintLabel)
    }
}
