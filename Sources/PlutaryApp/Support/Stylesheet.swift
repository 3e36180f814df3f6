import CGtk
import Foundation

/// Loads the app's CSS for the whole display.
@MainActor
enum Stylesheet {
    static func load(_ file: URL) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, file.path)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
