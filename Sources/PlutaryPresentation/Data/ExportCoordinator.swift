import PlutaryCore

/// The export flow: opened with a scope (everything from Ctrl+E; the receipts
/// list can pass its current search or selection), shows the export dialog,
/// and lets it go when the dialog closes.
@MainActor
public final class ExportCoordinator: Coordinator {
    private let environment: AppEnvironment
    private let navigator: DataNavigating
    public private(set) var viewModel: ExportViewModel?

    public init(environment: AppEnvironment, navigator: DataNavigating) {
        self.environment = environment
        self.navigator = navigator
    }

    public func start() { start(scope: .everything) }

    /// Opens the export dialog for `scope`; while an export runs, shows that one again.
    public func start(scope: ExportScope) {
        if let viewModel, viewModel.isRunning {
            navigator.showExport(viewModel)
            return
        }
        let exporter = environment.exporter.converting(to: environment.preferences.string(.primaryCurrency))
        let viewModel = ExportViewModel(exporter: exporter, scope: scope)
        viewModel.onClose = { [weak self, weak viewModel] in
            if self?.viewModel === viewModel { self?.viewModel = nil }
        }
        self.viewModel = viewModel
        viewModel.load()
        navigator.showExport(viewModel)
    }
}
