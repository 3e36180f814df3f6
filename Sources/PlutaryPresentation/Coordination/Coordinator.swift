/// Owns a flow: creates view models, asks a navigator to show their screens,
/// and handles the routes those screens emit.
@MainActor
public protocol Coordinator: AnyObject {
    func start()
}

/// How a child coordinator tells its parent that its flow is over.
@MainActor
public protocol CoordinatorDelegate: AnyObject {
    func didFinish(from coordinator: Coordinator)
}
