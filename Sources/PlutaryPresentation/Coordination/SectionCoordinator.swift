/// A section's coordinator: it installs its screen once and refreshes it when
/// the person comes back to the section.
@MainActor
public protocol SectionCoordinator: Coordinator {
    func refresh()
}
