import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryOCR
import PlutaryPresentation

/// The receipt image beside the form: fitted to the pane at first; zoom with the
/// buttons, Ctrl+scroll or Ctrl+plus/minus/0; pan by dragging or with the
/// scrollbars. A placeholder stands in when there is no image. Words OCR read
/// can be clicked (Shift+click for a run) and are highlighted over the image.
@MainActor
final class ReviewImageView {
    let root: Widget
    private let stack: Widget
    private let scrolled: Widget
    private let fixed: Widget
    /// The picture with the marks drawn over it: what the fixed container places.
    private let layers: Widget
    private let picture: Widget
    /// Drawn over the picture at its size: the highlighted words, and where clicks land.
    private let marks = DrawingArea()
    private let words: ImageWords
    private var highlighted: [ReceiptWord] = []
    /// A click on word `index`; `extend` when Shift makes a run from the previous click.
    var onPick: ((_ index: Int, _ extend: Bool) -> Void)?
    /// The turn buttons: true for clockwise.
    var onTurn: ((_ clockwise: Bool) -> Void)?
    /// Called once the image is decoded and set (or could not be): the view is ready to show.
    var onImageReady: (() -> Void)?
    /// The paper's corners, dragged to new places (image pixels, clockwise from the top left).
    var onPaperMoved: (([SIMD2<Double>]) -> Void)?
    /// Where the receipt's paper lies in a photo: drawn as an outline with a handle on each corner.
    private var paper: [SIMD2<Double>]?
    private var draggedCorner: (index: Int, start: SIMD2<Double>)?
    private let turnButtons: [Widget]
    private let spinner: Widget
    private let zoomLabel: Widget
    private let zoomInButton: Widget
    private let zoomOutButton: Widget
    private let placeholderHint: Widget
    private var zoom = ImageZoom()
    private var imageSize: (width: Double, height: Double)?
    /// Where the pointer is over the pane, so Ctrl+scroll zooms around it.
    private var pointer: (x: Double, y: Double)?
    /// The content point to bring back under `anchor` once the new size is laid out.
    private var pendingAnchor: (content: (x: Double, y: Double), view: (x: Double, y: Double))?
    private var dragStart: (x: Double, y: Double) = (0, 0)
    private var controllers: [Object] = []
    private let decoding = LatestLoad()

    init(path: String?, words: ImageWords = ImageWords([]), paper: [SIMD2<Double>]? = nil) {
        self.words = words
        self.paper = paper?.count == 4 ? paper : nil
        root = Widget(retaining: gtk_overlay_new())
        root.addCSSClass("review-image")
        stack = Widget(retaining: gtk_stack_new())
        stack.expand()

        // The picture is sized to the zoom exactly (its size request); the fixed
        // container fills the pane and centres it while it is smaller than the pane.
        picture = Widget(retaining: gtk_picture_new())
        picture.setAccessibleLabel(tr("Receipt image"))
        layers = Widget(retaining: gtk_overlay_new())
        gtk_overlay_set_child(layers.opaque, picture.widget)
        gtk_overlay_add_overlay(layers.opaque, marks.widget)
        fixed = Widget(retaining: gtk_fixed_new())
        gtk_fixed_put(fixed.pointer(), layers.widget, 0, 0)
        scrolled = Widgets.scrolled(fixed)
        gtk_widget_set_cursor_from_name(scrolled.widget, "grab")

        let placeholder = StatusPage.make(icon: "image-missing-symbolic", title: tr("No Image"),
                                          hint: tr("This receipt has no image to compare with."))
        placeholderHint = placeholder.hint
        stack.addStackPage(scrolled, name: "image")
        stack.addStackPage(placeholder.page, name: "empty")
        gtk_overlay_set_child(root.opaque, stack.widget)

        zoomOutButton = Widgets.iconButton("zoom-out-symbolic", tooltip: tr("Zoom out (Ctrl+−)"))
        zoomInButton = Widgets.iconButton("zoom-in-symbolic", tooltip: tr("Zoom in (Ctrl++)"))
        let fitButton = Widgets.iconButton("zoom-fit-best-symbolic", tooltip: tr("Fit to pane (Ctrl+0)"))
        zoomOutButton.setAccessibleLabel(tr("Zoom out"))
        zoomInButton.setAccessibleLabel(tr("Zoom in"))
        fitButton.setAccessibleLabel(tr("Fit image"))
        let turnLeft = Widgets.iconButton("object-rotate-left-symbolic", tooltip: tr("Turn left and read again (Ctrl+Shift+R)"))
        let turnRight = Widgets.iconButton("object-rotate-right-symbolic", tooltip: tr("Turn right and read again (Ctrl+R)"))
        turnLeft.setAccessibleLabel(tr("Turn left"))
        turnRight.setAccessibleLabel(tr("Turn right"))
        turnButtons = [turnLeft, turnRight]
        spinner = Widget(retaining: gtk_spinner_new())
        spinner.isVisible = false
        zoomLabel = Widgets.label("", css: ["numeric"])
        gtk_label_set_width_chars(zoomLabel.opaque, 5)
        let bar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 2, css: ["osd", "toolbar", "zoom-bar"])
        for button in [zoomOutButton, zoomInButton, fitButton, turnLeft, turnRight] { button.addCSSClass("flat"); button.addCSSClass("circular") }
        bar.append(zoomOutButton, zoomLabel, zoomInButton, fitButton, turnLeft, turnRight, spinner)
        bar.setAlign(horizontal: GTK_ALIGN_CENTER, vertical: GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(bar.widget, 18)
        gtk_overlay_add_overlay(root.opaque, bar.widget)

        zoomOutButton.on("clicked") { [weak self] in self?.zoomOut() }
        zoomInButton.on("clicked") { [weak self] in self?.zoomIn() }
        fitButton.on("clicked") { [weak self] in self?.fit() }
        turnLeft.on("clicked") { [weak self] in self?.onTurn?(false) }
        turnRight.on("clicked") { [weak self] in self?.onTurn?(true) }
        bar.isVisible = path != nil
        installControllers()
        installMarks()
        renderZoom()
        if let path { load(path, bar: bar) } else { gtk_stack_set_visible_child_name(stack.opaque, "empty") }
    }

    /// A review closed before its image is decoded stops the decode.
    isolated deinit {
        decoding.cancel()
    }

    // MARK: Zoom

    func zoomIn() { zoomAround(nil) { $0.zoomIn() } }
    func zoomOut() { zoomAround(nil) { $0.zoomOut() } }

    func fit() {
        guard let imageSize else { return }
        let available = (Double(gtk_widget_get_width(scrolled.widget)) - 24, Double(gtk_widget_get_height(scrolled.widget)) - 24)
        guard available.0 > 0, available.1 > 0 else { zoom.fit(scale: zoom.scale); return renderZoom() }
        zoom.fit(scale: ImageZoom.fitScale(image: imageSize, available: available))
        // A zoom still waiting for its layout must not scroll the fitted image away.
        pendingAnchor = nil
        gtk_adjustment_set_value(hadjustment, 0)
        gtk_adjustment_set_value(vadjustment, 0)
        apply()
    }

    /// Changes the zoom keeping the content under `point` (the pane's centre when nil) in place.
    private func zoomAround(_ point: (x: Double, y: Double)?, _ change: (inout ImageZoom) -> Void) {
        guard imageSize != nil else { return }
        let h = hadjustment, v = vadjustment
        let view = point ?? (gtk_adjustment_get_page_size(h) / 2, gtk_adjustment_get_page_size(v) / 2)
        let old = zoom.scale
        let offset = contentOffset
        let content = ((gtk_adjustment_get_value(h) + view.x - offset.x) / old, (gtk_adjustment_get_value(v) + view.y - offset.y) / old)
        change(&zoom)
        pendingAnchor = (content, view)
        apply()
    }

    private func apply() {
        guard let imageSize else { return }
        // Fitted, the image never needs scrollbars; zoomed, it pans.
        let policy = zoom.isFit ? GTK_POLICY_EXTERNAL : GTK_POLICY_AUTOMATIC
        gtk_scrolled_window_set_policy(scrolled.opaque, policy, policy)
        gtk_widget_set_size_request(picture.widget, Int32((imageSize.width * zoom.scale).rounded()),
                                    Int32((imageSize.height * zoom.scale).rounded()))
        centre()
        renderZoom()
        marks.queueDraw()
    }

    /// Centres the picture in the pane while it is smaller than the pane.
    private func centre() {
        let offset = contentOffset
        var x = 0.0, y = 0.0
        gtk_fixed_get_child_position(fixed.pointer(), layers.widget, &x, &y)
        if abs(x - offset.x) >= 1 || abs(y - offset.y) >= 1 {
            gtk_fixed_move(fixed.pointer(), layers.widget, offset.x.rounded(.down), offset.y.rounded(.down))
        }
    }

    private func renderZoom() {
        zoomLabel.setLabel(zoom.isFit && imageSize == nil ? "" : zoom.label)
        zoomInButton.isSensitive = imageSize != nil && zoom.canZoomIn
        zoomOutButton.isSensitive = imageSize != nil && zoom.canZoomOut
    }

    private var hadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_hadjustment(scrolled.opaque) }
    private var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scrolled.opaque) }

    /// Where the centred image starts inside a pane larger than it.
    private var contentOffset: (x: Double, y: Double) {
        guard let imageSize else { return (0, 0) }
        let pageWidth = gtk_adjustment_get_page_size(hadjustment), pageHeight = gtk_adjustment_get_page_size(vadjustment)
        return (max(0, (pageWidth - imageSize.width * zoom.scale) / 2), max(0, (pageHeight - imageSize.height * zoom.scale) / 2))
    }

    private var layoutScheduled = false

    private func scheduleLayoutChanged() {
        guard !layoutScheduled else { return }
        layoutScheduled = true
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.layoutScheduled = false
            self.layoutChanged()
        }
    }

    /// Runs when the pane or the content changes size: keeps a fitted image
    /// fitted, and puts a zoom's anchor back under the pointer.
    private func layoutChanged() {
        if zoom.isFit {
            let before = zoom.scale
            fit()
            if zoom.scale != before { return }
        }
        centre()
        guard let anchor = pendingAnchor else { return }
        let offset = contentOffset
        let h = hadjustment, v = vadjustment
        // Wait until the new size is laid out.
        let expectedWidth = (imageSize?.width ?? 0) * zoom.scale
        guard abs(max(gtk_adjustment_get_upper(h), gtk_adjustment_get_page_size(h)) - max(expectedWidth, gtk_adjustment_get_page_size(h))) < 2 else { return }
        pendingAnchor = nil
        gtk_adjustment_set_value(h, anchor.content.x * zoom.scale + offset.x - anchor.view.x)
        gtk_adjustment_set_value(v, anchor.content.y * zoom.scale + offset.y - anchor.view.y)
    }

    /// While the turned receipt is read again, the turn buttons wait and a spinner turns.
    func setTurning(enabled: Bool, busy: Bool) {
        for button in turnButtons { button.isSensitive = enabled && !busy }
        spinner.isVisible = busy
        busy ? gtk_spinner_start(spinner.opaque) : gtk_spinner_stop(spinner.opaque)
    }

    // MARK: Words

    /// Highlights the words a field came from and brings them into view.
    func highlight(_ words: [ReceiptWord]) {
        guard words != highlighted else { return }
        highlighted = words
        marks.queueDraw()
        scrollIntoView(words)
    }

    private func installMarks() {
        marks.setDraw { [weak self] cr, _, _ in self?.drawMarks(cr) }
        marks.onClick { [weak self] x, y, shift in
            guard let self, let index = self.word(atViewX: x, y: y) else { return }
            self.onPick?(index, shift)
        }
        // Over a corner the pointer says it moves, over a word that it can be picked; elsewhere the pane pans.
        marks.onHover { [weak self] point in
            guard let self else { return }
            if let point, self.corner(atViewX: point.x, y: point.y) != nil { return self.marks.setCursor("move") }
            self.marks.setCursor(point.flatMap { self.word(atViewX: $0.x, y: $0.y) } == nil ? nil : "pointer")
        }
        installCornerDrag()
        if !words.words.isEmpty {
            marks.tooltip = tr("Click a word to put it into the field being edited; Shift+click to take a run of words")
        }
    }

    /// A drag that starts on a corner handle moves that corner; any other drag pans the pane.
    private func installCornerDrag() {
        let drag = Object(adopting: UnsafeMutableRawPointer(gtk_gesture_drag_new()))
        drag.on("drag-begin", point: { [weak self, weak drag] x, y in
            guard let self, let drag else { return }
            if let index = self.corner(atViewX: x, y: y), let paper = self.paper {
                self.draggedCorner = (index, paper[index])
                gtk_gesture_set_state(drag.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            } else {
                gtk_gesture_set_state(drag.opaque, GTK_EVENT_SEQUENCE_DENIED)
            }
        })
        drag.on("drag-update", point: { [weak self] dx, dy in
            guard let self, let dragged = self.draggedCorner, self.paper != nil, let size = self.imageSize else { return }
            let moved = dragged.start + SIMD2(dx, dy) / self.zoom.scale
            self.paper?[dragged.index] = SIMD2(min(max(moved.x, 0), size.width), min(max(moved.y, 0), size.height))
            self.marks.queueDraw()
        })
        drag.on("drag-end", point: { [weak self] _, _ in
            guard let self, self.draggedCorner != nil, let paper = self.paper else { return }
            self.draggedCorner = nil
            self.onPaperMoved?(paper)
        })
        marks.addController(drag)
        controllers.append(drag)
    }

    /// The corner handle under a point of the pane, within a few pixels on screen.
    private func corner(atViewX x: Double, y: Double) -> Int? {
        guard let paper else { return nil }
        let point = SIMD2(x, y) / zoom.scale
        let reach = 12 / zoom.scale
        return paper.indices.first { index in
            let d = paper[index] - point
            return (d * d).sum() <= reach * reach
        }
    }

    private func word(atViewX x: Double, y: Double) -> Int? {
        words.index(atX: x / zoom.scale, y: y / zoom.scale, slack: 4 / zoom.scale)
    }

    private func drawMarks(_ cr: OpaquePointer) {
        drawPaper(cr)
        guard !highlighted.isEmpty else { return }
        let scale = zoom.scale
        for word in highlighted {
            cairo_rectangle(cr, Double(word.x) * scale - 2, Double(word.y) * scale - 2,
                            Double(word.width) * scale + 4, Double(word.height) * scale + 4)
        }
        // The theme's accent blue, translucent so the ink stays readable.
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.25)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)
    }

    /// The paper's outline and its corner handles, in a green that stands out on paper and table alike.
    private func drawPaper(_ cr: OpaquePointer) {
        guard let paper else { return }
        let points = paper.map { $0 * zoom.scale }
        cairo_move_to(cr, points[0].x, points[0].y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
        cairo_set_source_rgba(cr, 0.18, 0.76, 0.49, 0.9)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        for point in points {
            cairo_arc(cr, point.x, point.y, 7, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.95)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0.18, 0.76, 0.49, 1)
            cairo_stroke(cr)
        }
    }

    /// Scrolls the zoomed image so the words are on screen (a fitted image shows them already).
    private func scrollIntoView(_ words: [ReceiptWord]) {
        guard !words.isEmpty, !zoom.isFit else { return }
        let scale = zoom.scale, offset = contentOffset
        let left = Double(words.map(\.x).min()!) * scale + offset.x, right = Double(words.map { $0.x + $0.width }.max()!) * scale + offset.x
        let top = Double(words.map(\.y).min()!) * scale + offset.y, bottom = Double(words.map { $0.y + $0.height }.max()!) * scale + offset.y
        for (adjustment, low, high) in [(hadjustment, left, right), (vadjustment, top, bottom)] {
            let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
            if low < value || high > value + page {
                gtk_adjustment_set_value(adjustment, (low + high) / 2 - page / 2)
            }
        }
    }

    // MARK: Input

    private func installControllers() {
        for adjustment in [hadjustment, vadjustment] {
            let wrapper = Object(retaining: UnsafeMutableRawPointer(adjustment))
            // "changed" fires inside the scrolled window's size allocation; resizing the
            // picture there leaves the container unallocated, so the change waits for it.
            wrapper.on("changed") { [weak self] in self?.scheduleLayoutChanged() }
            controllers.append(wrapper)
        }

        // Ctrl+scroll zooms; taken in the capture phase so the pane does not scroll too.
        let legacy = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_legacy_new()))
        gtk_event_controller_set_propagation_phase(legacy.opaque, GTK_PHASE_CAPTURE)
        legacy.on("event", returning: { [weak self] event in
            guard let self, let event else { return false }
            return self.handle(OpaquePointer(event))
        })
        scrolled.addController(legacy)

        let motion = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_motion_new()))
        motion.on("motion", point: { [weak self] x, y in self?.pointer = (x, y) })
        motion.on("leave") { [weak self] in self?.pointer = nil }
        scrolled.addController(motion)

        let drag = Object(adopting: UnsafeMutableRawPointer(gtk_gesture_drag_new()))
        drag.on("drag-begin", point: { [weak self] _, _ in
            guard let self else { return }
            self.dragStart = (gtk_adjustment_get_value(self.hadjustment), gtk_adjustment_get_value(self.vadjustment))
            gtk_widget_set_cursor_from_name(self.scrolled.widget, "grabbing")
        })
        drag.on("drag-update", point: { [weak self] dx, dy in
            guard let self else { return }
            gtk_adjustment_set_value(self.hadjustment, self.dragStart.x - dx)
            gtk_adjustment_set_value(self.vadjustment, self.dragStart.y - dy)
        })
        drag.on("drag-end", point: { [weak self] _, _ in
            guard let self else { return }
            gtk_widget_set_cursor_from_name(self.scrolled.widget, "grab")
        })
        scrolled.addController(drag)
        controllers += [legacy, motion, drag]
    }

    private func handle(_ event: OpaquePointer) -> Bool {
        guard gdk_event_get_event_type(event) == GDK_SCROLL,
              gdk_event_get_modifier_state(event).rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
        let point = pointer
        switch gdk_scroll_event_get_direction(event) {
        case GDK_SCROLL_UP: zoomAround(point) { $0.zoomIn() }
        case GDK_SCROLL_DOWN: zoomAround(point) { $0.zoomOut() }
        case GDK_SCROLL_SMOOTH:
            var dx = 0.0, dy = 0.0
            gdk_scroll_event_get_deltas(event, &dx, &dy)
            if dy != 0 { zoomAround(point) { $0.zoom(by: pow(1.1, -dy)) } }
        default: break
        }
        return true
    }

    // MARK: Loading

    /// Decodes off the main actor (photos run to tens of megapixels), turning the picture the
    /// way the camera held it; a review closed meanwhile stops the decode (`deinit`).
    private func load(_ path: String, bar: Widget) {
        gtk_stack_set_visible_child_name(stack.opaque, "image")
        decoding.start({ try await DecodedImage.decode(path: path) }) { [weak self] result in
            guard let self, case .success(let decoded) = result else { return }
            defer { self.onImageReady?() }
            guard let pixbuf = decoded.pixbuf else {
                bar.isVisible = false
                self.placeholderHint.setLabel(String(format: tr("Could not open the image %@: %@"), path, decoded.error ?? ""))
                gtk_stack_set_visible_child_name(self.stack.opaque, "empty")
                return
            }
            guard let texture = gdk_texture_new_for_pixbuf(pixbuf) else { return }
            gtk_picture_set_paintable(self.picture.opaque, OpaquePointer(UnsafeMutableRawPointer(texture)))
            // A PDF's pages are drawn smaller than the size its word boxes refer to; the picture scales them up.
            self.imageSize = decoded.size ?? (Double(gdk_texture_get_width(texture)), Double(gdk_texture_get_height(texture)))
            g_object_unref(UnsafeMutableRawPointer(texture))
            self.fit()
        }
    }
}
