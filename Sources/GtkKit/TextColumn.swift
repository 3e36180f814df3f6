import CGtk

/// Shows texts in a column of inscriptions (`Widgets.inscription`), widening the column to the
/// longest text it has shown: as wide as its content, as a column of labels was, while a new text
/// redraws only its cell unless it is the longest yet (labels measured the whole list again on
/// every new text). It never narrows, so columns keep still as a list changes.
@MainActor
final class TextColumn {
    private var chars: Int32
    private let grows: Bool
    private let keepsWhole: Bool
    /// The longest text measured, in bytes: only longer ones are measured (one layout each).
    private var longest = 0

    /// `chars`: the natural width to start from, in average characters; a column that `grows`
    /// widens past it, and one that `keepsWhole` asks for that width as its minimum too.
    init(chars: Int32, grows: Bool, keepsWhole: Bool = false) {
        self.chars = chars
        self.grows = grows
        self.keepsWhole = keepsWhole
    }

    func show(_ text: String, in cell: UnsafeMutablePointer<GtkWidget>) {
        let inscription = OpaquePointer(cell)
        if grows, text.utf8.count > longest { widen(to: text, in: cell) }
        if gtk_inscription_get_nat_chars(inscription) != guint(chars) { gtk_inscription_set_nat_chars(inscription, guint(chars)) }
        if keepsWhole, gtk_inscription_get_min_chars(inscription) != guint(chars) { gtk_inscription_set_min_chars(inscription, guint(chars)) }
        gtk_inscription_set_text(inscription, text)
    }

    /// Widens to `text` in the character width the inscription counts in, its font's widest of
    /// the average character and the average digit, plus one for the tabular digits of `.numeric`.
    private func widen(to text: String, in cell: UnsafeMutablePointer<GtkWidget>) {
        longest = text.utf8.count
        guard let layout = gtk_widget_create_pango_layout(cell, text),
              let metrics = pango_context_get_metrics(gtk_widget_get_pango_context(cell), nil, nil) else { return }
        defer {
            g_object_unref(UnsafeMutableRawPointer(layout))
            pango_font_metrics_unref(metrics)
        }
        var width: Int32 = 0
        pango_layout_get_size(layout, &width, nil)
        let char = max(pango_font_metrics_get_approximate_char_width(metrics), pango_font_metrics_get_approximate_digit_width(metrics), 1)
        chars = max(chars, (width + char - 1) / char + 1)
    }
}
