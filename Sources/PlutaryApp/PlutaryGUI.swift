import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// Starts the desktop application over a prepared environment.
@MainActor
public enum PlutaryGUI {
    /// Sets the process's environment for GTK (the renderer): first thing in the process, before
    /// any other thread starts. `setenv` is not thread-safe: while it moved the environment, the
    /// keyring's D-Bus thread, already started, read it (`getenv` in GLib's gettext) and crashed
    /// about one start-up in a few hundred.
    public static func prepareProcess() {
        RendererChoice.apply()
    }

    /// `makeEnvironment` runs once translations are set up, so its strings are translated too.
    /// `prepareProcess` ran before.
    public static func run(arguments: [String], makeEnvironment: () -> AppEnvironment) -> Int32 {
        let resources = AppResources.locate()
        Gettext.setUp(localeDirectory: resources.localeDirectory)
        let environment = makeEnvironment()
        let application = Application(id: AppResources.appId, handlesOpen: true)
        var coordinator: AppCoordinator?
        var navigator: GtkNavigator?
        var exports: ExportCoordinator?

        application.onStartup {
            if let css = resources.cssFile { Stylesheet.load(css) }
            application.addAction(Action(name: "quit") { coordinator?.main?.viewModel.quit() }, accelerators: ["<Control>q"])
            application.addAction(Action(name: "export") { exports?.start(scope: navigator?.mainWindow?.exportScope ?? .everything) }, accelerators: ["<Control>e"])
            application.setAccelerators(["<Control>w"], for: "win.close")
            application.setAccelerators(["<Control>question", "F1"], for: "win.show-help-overlay")
            application.setAccelerators(["<Control>o"], for: "win.import")
            application.setAccelerators(["<Control><Shift>s"], for: "win.acquire")
            application.setAccelerators(["<Control>v"], for: "win.paste-image")
            application.setAccelerators(["<Control>f"], for: "win.find")
            application.setAccelerators(["<Control>z"], for: "win.undo")
            for number in 1...AppSection.allCases.count {
                application.setAccelerators(["<Control>\(number)"], for: "win.section-\(number)")
            }
        }
        func showWindow() {
            if let window = navigator?.mainWindow?.window {
                window.present()
                return
            }
            let gtkNavigator = GtkNavigator(application: application, preferences: environment.preferences)
            navigator = gtkNavigator
            let root = AppCoordinator(environment: environment, navigator: gtkNavigator)
            coordinator = root
            exports = ExportCoordinator(environment: environment,
                                        navigator: GtkDataNavigator(parent: { navigator?.mainWindow?.window }))
            root.start()
        }
        application.onActivate { showWindow() }
        // Only the first instance shuts down; the copies it made of files with undecodable names go with it.
        application.onShutdown { LocalFile.removeCopies() }
        // `plutary FILE...`, or "Open With" from a file manager (also into an already running window).
        application.onOpen { paths in
            showWindow()
            coordinator?.main?.viewModel.importFiles(paths.map { URL(fileURLWithPath: $0) })
        }
        let status = application.run(arguments: arguments)
        coordinator = nil
        exports = nil
        navigator = nil
        return status
    }
}
