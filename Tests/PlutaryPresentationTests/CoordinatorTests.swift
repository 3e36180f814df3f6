import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct CoordinatorTests {
    /// Waits (up to five seconds) for the coordinator's own wait for the deletions to resume: one
    /// yield was not always enough for that main-actor task (the whole suite failed on it, 3 runs of 3).
    private func until(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

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

    /// A deletion still in its undo period is written before the window goes or the app quits,
    /// off the main actor: the window stays until the store has it.
    @Test func closingAndQuittingWaitForPendingDeletions() async throws {
        let environment = try environment(sample: true)
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: environment, navigator: navigator)
        app.start()
        let main = try #require(navigator.mainViewModel)
        let list = try #require(app.main?.children[.receipts] as? ReceiptsCoordinator).viewModel
        await list.reload().value
        let before = try await environment.receipts.count()

        list.delete(ids: [try #require(list.rows.first).id])
        #expect(!main.windowClosing(), "the window stays while the deletion is written")
        #expect(main.isFinishingWork && navigator.events.last != .close)
        await list.deletionsWritten()
        await until { navigator.events.last == .close }
        #expect(navigator.events.last == .close && !main.isFinishingWork)
        #expect(try await environment.receipts.count() == before - 1)
        #expect(main.windowClosing(), "nothing left to write: the window goes at once")

        list.delete(ids: [try #require(list.rows.first).id])
        main.quit()
        #expect(navigator.events.last != .quit && app.main != nil)
        await list.deletionsWritten()
        await until { navigator.events.last == .quit }
        #expect(navigator.events.last == .quit && app.main == nil)
        #expect(try await environment.receipts.count() == before - 2)
    }
}
