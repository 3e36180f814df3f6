/// What the main window asks its coordinator to do.
public enum MainRoute: Equatable, Sendable {
    case section(AppSection)
    case shortcuts
    case closeWindow
    case quit
}
