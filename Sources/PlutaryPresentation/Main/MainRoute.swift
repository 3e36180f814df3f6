import Foundation

/// What the main window asks its coordinator to do.
public enum MainRoute: Equatable, Sendable {
    case section(AppSection)
    case shortcuts
    case closeWindow
    case quit
    /// Scan these images (dropped, opened, pasted or given on the command line).
    case importFiles([URL])
    /// Import a pasted image's PNG data: written to a private file that goes once the import is done with it.
    case importImage(Data)
    /// Scan from Scanner…
    case acquire
    /// The window is going away: finish what waits (pending deletions).
    case windowClosing
}
