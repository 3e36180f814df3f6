/// What the data flows (export) need from the windowing layer. PlutaryApp
/// implements it on GTK; tests record the calls.
@MainActor
public protocol DataNavigating: AnyObject {
    /// Shows the export dialog over the main window.
    func showExport(_ viewModel: ExportViewModel)
}
