import CGtk
import Foundation
import GtkKit
import PlutaryCore
import PlutaryPresentation

/// Starts the desktop application over a prepared environment.
@MainActor
public enum PlutaryGUI {
    public static func run(environment: AppEnvironment, arguments: [String]) -> Int32 {
        let resources = AppResources.locate()
        Gettext.setUp(localeDirectory: resources.localeDirectory)
        let application = Application(id: AppResources.appId, handlesOpen: false)
        var coordinator: AppCoordinator?
        var navigator: GtkNavigator?
        var exports: ExportCoordinator?

        application.onStartup {
            if let css = resources.cssFile { Stylesheet.load(css) }
            application.addAction(Action(name: "quit") { coordinator?.main?.viewModel.quit() }, accelerators: ["<Control>q"])
            application.addAction(Action(name: "export") { exports?.start(scope: .everything) }, accelerators: ["<Control>e"])
            application.setAccelerators(["<Control>w"], for: "win.close")
            application.setAccelerators(["<Control>question", "F1"], for: "win.show-help-overlay")
            for number in 1...AppSection.allCases.count {
                application.setAccelerators(["<Control>\(number)"], for: "win.section-\(number)")
            }
        }
        application.onActivate {
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
        let status = application.run(arguments: arguments)
        coordinator = nil
        exports = nil
        navigator = nil
        return status
    }
}
