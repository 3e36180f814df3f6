import PlutaryCore

/// The Receipts section: the list of stored receipts.
@MainActor
public final class ReceiptsCoordinator: SectionCoordinator {
    public let viewModel: ReceiptListViewModel
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.navigator = navigator
        self.viewModel = ReceiptListViewModel(store: environment.receipts, analysis: environment.analysis,
                                         rates: environment.rates,
                                         preferences: environment.preferences)
    }

    public func start() {
        navigator.install(.receipts(viewModel))
        viewModel.load()
    }

    public func refresh() { viewModel.load() }
}
