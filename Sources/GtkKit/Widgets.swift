import CGtk

/// Constructors for the plain widgets the app builds. Each returns a `Widget`
/// that owns the new (sunk) reference; GTK calls on it go through `pointer()`.
@MainActor
public enum Widgets {
    public static func label(_ text: String, css: [String] = [], xalign: Float = 0.5) -> Widget {
        let label = Widget(retaining: gtk_label_new(text))
        gtk_label_set_xalign(label.opaque, xalign)
        css.forEach(label.addCSSClass)
        return label
    }

    /// A line of text in a list cell, ending in "…" when longer than its column. Its size comes
    /// from `chars` (its natural width in average characters), not from its text, so a new text
    /// only redraws it: each label given a new text was measured again with the whole list, which
    /// cost a search on 100 000 receipts 18 ms of layout.
    public static func inscription(chars: Int32, css: [String] = [], xalign: Float = 0) -> Widget {
        let inscription = Widget(retaining: gtk_inscription_new(nil))
        gtk_inscription_set_nat_chars(inscription.opaque, guint(chars))
        gtk_inscription_set_xalign(inscription.opaque, xalign)
        gtk_inscription_set_text_overflow(inscription.opaque, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        css.forEach(inscription.addCSSClass)
        return inscription
    }

    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, css: [String] = []) -> Widget {
        let box = Widget(retaining: gtk_box_new(orientation, spacing))
        css.forEach(box.addCSSClass)
        return box
    }

    public static func button(label: String) -> Widget {
        let button = Widget(retaining: gtk_button_new_with_mnemonic(label))
        // GTK 4.8 names a mnemonic button twice ("_Save Save"): its mnemonic label labels it too.
        // One name, as it reads, is what a screen reader should say.
        gtk_accessible_reset_relation(button.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        button.setAccessibleLabel(label.replacingOccurrences(of: "_", with: ""))
        return button
    }

    public static func iconButton(_ icon: String, tooltip: String) -> Widget {
        let button = Widget(retaining: gtk_button_new_from_icon_name(icon))
        button.tooltip = tooltip
        button.setAccessibleLabel(tooltip)
        return button
    }

    public static func scrolled(_ child: Widget) -> Widget {
        let scrolled = Widget(retaining: gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(scrolled.opaque, child.widget)
        scrolled.expand()
        return scrolled
    }

    public static func image(icon: String, pixelSize: Int32) -> Widget {
        let image = Widget(retaining: gtk_image_new_from_icon_name(icon))
        gtk_image_set_pixel_size(image.opaque, pixelSize)
        return image
    }

    public static func searchEntry(placeholder: String) -> Widget {
        let entry = Widget(retaining: gtk_search_entry_new())
        entry.setProperty("placeholder-text", string: placeholder)
        entry.setAccessibleLabel(placeholder)
        return entry
    }

    public static func separator(_ orientation: GtkOrientation) -> Widget {
        Widget(retaining: gtk_separator_new(orientation))
    }
}

extension Widget {
    /// Appends children to a GtkBox.
    public func append(_ children: Widget...) {
        for child in children { gtk_box_append(pointer(), child.widget) }
    }

    /// Sets the text of a GtkLabel.
    public func setLabel(_ text: String) {
        gtk_label_set_text(opaque, text)
    }
}

/// Container calls that take the child wrapper itself, so it is alive for the
/// whole call (a bare `.widget` pointer can outlive its last Swift reference).
extension Widget {
    public func addStackPage(_ child: Widget, name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(opaque, child.widget, name, title)
        } else {
            gtk_stack_add_named(opaque, child.widget, name)
        }
    }

    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(pointer(), child.widget, column, row, width, height)
    }

    public func setButtonChild(_ child: Widget) {
        gtk_button_set_child(pointer(), child.widget)
    }

    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(opaque, child.widget)
    }

    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(opaque, child.widget)
    }
}

extension Widget {
    /// A search entry's "search-changed", with the text typed so far.
    public func onSearchChanged(_ handler: @escaping @MainActor (String) -> Void) {
        on("search-changed") { [weak self] in
            guard let self else { return }
            handler(String(cString: gtk_editable_get_text(self.opaque)))
        }
    }
}
