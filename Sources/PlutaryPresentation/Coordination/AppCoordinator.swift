/// The root of the coordinator tree: starts the main window flow and ends the
/// application when it finishes.
@MainActor
public final class AppCoordinator: Coordinator, CoordinatorDelegate {
    private let environment: AppEnvironment
    private let navigator: MainNavigating
    public private(set) var main: MainCoordinator?

    public init(environment: AppEnvironment, navigator: MainNavigating) {
        self.environment = environment
        self.navigator = navigator
    }

    public func start() {
        let main = MainCoordinator(environment: environment, navigator: navigator)
        main.delegate = self
        self.main = main
        main.start()
    }

    public func didFinish(from coordinator: Coordinator) {
        guard coordinator === main else { return }
        main = nil
        navigator.quit()
    }
}
