import CGtk
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// Scan from Scanner…: a scanner drop-down, the sheet being scanned with its progress,
/// Scan and Cancel; without a scanner, the message saying why and no Scan.
@MainActor
final class AcquireDialog {
    let window: Widget
    private let viewModel: AcquireViewModel
    private let deviceRow: Widget
    private var devicePicker: DropDown?
    private var listedDevices: [ScannerDevice]?
    private let status: Widget
    private let progress: Widget
    private let scan: Widget
    private let cancel: Widget
    private var closed = false

    init(viewModel: AcquireViewModel, parent: Window?) {
        self.viewModel = viewModel
        window = Widget(retaining: gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.pointer()
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_resizable(gtkWindow, 0)
        gtk_window_set_title(gtkWindow, tr("Scan from Scanner"))
        if let parent { gtk_window_set_transient_for(gtkWindow, parent.window) }
        gtk_window_set_default_size(gtkWindow, 420, -1)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        content.setMargins(24)
        deviceRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        deviceRow.append(Widgets.label(tr("Scanner"), xalign: 0))
        status = Widgets.label("", xalign: 0)
        gtk_label_set_wrap(status.opaque, 1)
        gtk_label_set_max_width_chars(status.opaque, 50)
        progress = Widget(retaining: gtk_progress_bar_new())
        progress.setAccessibleLabel(tr("Scan progress"))
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        buttons.setAlign(horizontal: GTK_ALIGN_END)
        cancel = Widgets.button(label: tr("_Close"))
        scan = Widgets.button(label: tr("_Scan"))
        scan.addCSSClass("suggested-action")
        buttons.append(cancel, scan)
        content.append(deviceRow, status, progress, buttons)
        gtk_window_set_child(gtkWindow, content.widget)
        gtk_window_set_default_widget(gtkWindow, scan.widget)

        scan.on("clicked") { [weak viewModel] in viewModel?.scan() }
        // Cancel stops a running scan; otherwise it closes the dialog.
        cancel.on("clicked") { [weak self] in self?.cancelOrClose() }
        window.on("close-request", answering: { [weak self] in
            // GTK destroys the window itself after this handler.
            self?.closed = true
            self?.viewModel.close()
            return false
        })
        // Escape does what Cancel does.
        let keys = Object(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        keys.onKeyPressed { [weak self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            self?.cancelOrClose()
            return true
        }
        window.addController(keys)
        observe { [weak self] in self?.render() }
    }

    private func cancelOrClose() {
        viewModel.isScanning ? viewModel.cancel() : viewModel.close()
    }

    func present() { gtk_window_present(window.pointer()) }

    func close() {
        guard !closed else { return }
        closed = true
        gtk_window_destroy(window.pointer())
    }

    private func render() {
        let devices = viewModel.devices
        if devices != listedDevices {
            listedDevices = devices
            if let devicePicker { gtk_box_remove(deviceRow.pointer(), devicePicker.widget) }
            let picker = DropDown(strings: devices.map(\.title))
            picker.setAccessibleLabel(tr("Scanner"))
            picker.expand(horizontally: true, vertically: false)
            picker.onSelected { [weak viewModel] index in viewModel?.selectedDevice = index }
            deviceRow.append(picker)
            devicePicker = picker
        }
        devicePicker?.selected = viewModel.selectedDevice
        deviceRow.isVisible = !devices.isEmpty
        let text = viewModel.statusText
        status.setLabel(text)
        status.isVisible = !text.isEmpty
        if case .unavailable = viewModel.phase { status.addCSSClass("error") } else { status.removeCSSClass("error") }
        if case .failed = viewModel.phase { status.addCSSClass("error") }
        progress.isVisible = viewModel.isScanning
        gtk_progress_bar_set_fraction(progress.opaque, viewModel.progress)
        scan.isSensitive = viewModel.canScan
        devicePicker?.isSensitive = !viewModel.isScanning
        MnemonicButton.setLabel(cancel, viewModel.isScanning ? tr("_Cancel Scan") : tr("_Close"))
    }
}
