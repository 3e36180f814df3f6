import PlutaryCore
import Foundation
import Observation

/// The main window: which section is showing, and the window-level commands.
@MainActor
@Observable
public final class MainViewModel {
    public let sections = AppSection.allCases
    public private(set) var selectedSection: AppSection = .receipts
    public let title: String

    @ObservationIgnored var onRoute: (MainRoute) -> Void = { _ in }

    public init(title: String) {
        self.title = title
    }

    /// The window title names the section, so window switchers and screen readers say where you are.
    public var windowTitle: String {
        // Translators: window title: the section, then the app's name.
        String(format: tr("%1$@ – %2$@"), selectedSection.title, title)
    }

    public func select(_ section: AppSection) {
        guard section != selectedSection else { return }
        selectedSection = section
        onRoute(.section(section))
    }

    /// Ctrl+1…4: the section at that position, if any.
    public func selectSection(number: Int) {
        guard sections.indices.contains(number - 1) else { return }
        select(sections[number - 1])
    }

    public func showShortcuts() { onRoute(.shortcuts) }
    public func closeWindow() { onRoute(.closeWindow) }
    public func quit() { onRoute(.quit) }
    public func importFiles(_ urls: [URL]) {
        guard !urls.isEmpty else { return }
        onRoute(.importFiles(urls))
    }
    /// A pasted image; the coordinator writes its file off the main thread.
    public func importImage(_ png: Data) { onRoute(.importImage(png)) }
    public func acquire() { onRoute(.acquire) }
    /// Set while work that must end before the window goes (deletions being written) runs.
    public internal(set) var isFinishingWork = false

    /// The window is asked to close; false keeps it while work finishes (it is closed again then).
    public func windowClosing() -> Bool {
        onRoute(.windowClosing)
        return !isFinishingWork
    }
}
