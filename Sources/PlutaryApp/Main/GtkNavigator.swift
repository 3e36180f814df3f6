import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// `MainNavigating` on GTK: builds the main window and each section's view.
@MainActor
final class GtkNavigator: MainNavigating {
    private let application: Application
    private let preferences: any PreferenceStore
    private(set) var mainWindow: MainWindowView?
    private var stallMeter: StallMeter?
    private var review: ReviewView?
    private var acquire: AcquireDialog?

    init(application: Application, preferences: any PreferenceStore) {
        self.application = application
        self.preferences = preferences
    }

    func showMainWindow(_ viewModel: MainViewModel) {
        let view = MainWindowView(application: application, viewModel: viewModel, preferences: preferences)
        mainWindow = view
        stallMeter = StallMeter.startIfRequested()
        view.window.present()
    }

    func install(_ screen: SectionScreen) {
        guard let mainWindow else { return }
        switch screen {
        case .receipts(let viewModel):
            let view = ReceiptListView(viewModel: viewModel)
            mainWindow.install(.receipts, view: view, root: view.root)
            stallMeter?.reportFirstFrame(of: mainWindow.window) { [weak view] in view?.showsLoadedRows ?? false }
        case .products(let viewModel):
            let view = ProductListView(viewModel: viewModel)
            mainWindow.install(.products, view: view, root: view.root)
        case .analytics(let viewModel):
            let view = AnalyticsView(viewModel: viewModel)
            mainWindow.install(.analytics, view: view, root: view.root)
        case .settings(let viewModel):
            let view = SettingsView(viewModel: viewModel, parent: { [weak self] in self?.mainWindow?.window })
            mainWindow.install(.settings, view: view, root: view.root)
        }
    }

    func installImport(_ viewModel: ImportViewModel) {
        mainWindow?.installImport(ImportPanel(viewModel: viewModel))
        stallMeter?.watch(viewModel)
    }

    func showSection(_ section: AppSection) {
        mainWindow?.show(section)
    }

    func showShortcuts() {
        guard let window = mainWindow?.window else { return }
        ShortcutsWindow.present(over: window)
    }

    func showAcquire(_ viewModel: AcquireViewModel) {
        if acquire == nil { acquire = AcquireDialog(viewModel: viewModel, parent: mainWindow?.window) }
        acquire?.present()
    }

    func closeAcquire() {
        acquire?.close()
        acquire = nil
    }

    /// From one receipt to the next, the current one stays on screen, its keys detached and
    /// deaf to the pointer, until the next one's image is decoded (at most `swapDelay`),
    /// so the image pane never flashes empty between two receipts.
    func showReview(_ viewModel: ReviewViewModel) {
        guard let mainWindow else { return }
        let previous = review
        previous?.detach()
        // Not insensitive: that would take the focus from a text field with a GTK warning.
        if let previous { gtk_widget_set_can_target(previous.root.widget, 0) }
        let view = ReviewView(viewModel: viewModel)
        review = view
        let show = { [weak self, weak view] in
            guard let self, let view, self.review === view, !view.isShown else { return }
            view.isShown = true
            mainWindow.showReview(view.root)
            view.attach(to: mainWindow.window)
        }
        guard previous != nil, viewModel.imagePath != nil else { return show() }
        view.onImageReady = show
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.swapDelay) { show() }
    }

    static let swapDelay = 0.4

    func closeReview() {
        review?.detach()
        review = nil
        mainWindow?.closeReview()
    }

    func closeMainWindow() {
        mainWindow?.window.close()
    }

    func quit() {
        mainWindow?.window.close()
        application.quit()
    }
}
