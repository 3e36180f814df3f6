/// The Products section.
@MainActor
public final class ProductsCoordinator: SectionCoordinator {
    public let viewModel: ProductListViewModel
    private let navigator: MainNavigating

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.navigator = navigator
        self.viewModel = ProductListViewModel(catalog: environment.products)
    }

    public func start() {
        navigator.install(.products(viewModel))
        viewModel.load()
    }

    public func refresh() { viewModel.load() }
}
