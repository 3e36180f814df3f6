import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct CoordinatorTests {
    private func environment(sample: Bool) throws -> AppEnvironment {
        let database = try AppDatabase.inMemory()
        if sample { try SampleFixture.seed(database) }
        return AppEnvironment.inMemory(database: database, version: "test")
    }

    @Test func startingShowsTheWindowInstallsEverySectionAndShowsReceipts() throws {
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: try environment(sample: true), navigator: navigator)
        app.start()
        #expect(navigator.events == [.mainWindow, .installImport, .install(.receipts), .install(.products), .install(.analytics),
                                     .install(.settings), .show(.receipts)])
        #expect(app.main?.children.count == 4)
    }

    @Test func sectionRoutesReachTheNavigator() throws {
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: try environment(sample: false), navigator: navigator)
        app.start()
        let main = try #require(navigator.mainViewModel)
        main.select(.analytics)
        main.selectSection(number: 4)
        main.selectSection(number: 9)
        main.select(.settings)
        main.showShortcuts()
        #expect(Array(navigator.events.suffix(3)) == [.show(.analytics), .show(.settings), .shortcuts])
        #expect(main.selectedSection == .settings)
        #expect(main.windowTitle.hasPrefix("Settings"))
    }

    @Test func quitEndsTheMainFlowAndTheApplication() throws {
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: try environment(sample: false), navigator: navigator)
        app.start()
        navigator.mainViewModel?.closeWindow()
        #expect(navigator.events.last == .close)
        navigator.mainViewModel?.quit()
        #expect(navigator.events.last == .quit)
        #expect(app.main == nil)
    }
}
