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

    @Test func startingShowsTheWindowWithReceiptsOnly() throws {
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: try environment(sample: true), navigator: navigator)
        app.start()
        #expect(navigator.events == [.mainWindow, .installImport, .install(.receipts), .show(.receipts)])
        #expect(app.main?.children.count == 4)
        #expect(app.main?.startedSections == [.receipts])
    }

    /// A section's screen is built and its data read when it is first shown; after that, each
    /// visit refreshes it, and so does a saved review, which leaves sections never shown alone.
    @Test func aSectionStartsWhenFirstShownAndIsRefreshedAfter() async throws {
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: try environment(sample: true), navigator: navigator)
        app.start()
        let main = try #require(app.main)
        let products = try #require(main.children[.products] as? ProductsCoordinator).viewModel
        try await Task.sleep(for: .milliseconds(100))
        #expect(!products.isLoaded, "not read before it is shown")
        main.viewModel.select(.products)
        #expect(Array(navigator.events.suffix(2)) == [.install(.products), .show(.products)])
        await until { products.isLoaded }
        #expect(products.isLoaded)
        #expect(!products.rows.isEmpty)
        main.viewModel.select(.receipts)
        main.viewModel.select(.products)
        #expect(navigator.events.filter { $0 == .install(.products) }.count == 1, "installed once")
        #expect(main.startedSections == [.receipts, .products])
        let analytics = try #require(main.children[.analytics] as? AnalyticsCoordinator).viewModel
        main.review([ReviewItem(payload: ReviewViewModelTests.scanned(total: "11.30"), imagePath: nil)])
        let review = try #require(navigator.reviewViewModel)
        review.requestDiscard()
        review.confirmDiscard(true)
        #expect(main.review == nil)
        try await Task.sleep(for: .milliseconds(100))
        #expect(!navigator.events.contains(.install(.analytics)))
        #expect(!analytics.isLoaded, "a section never shown is not read")
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
        #expect(Array(navigator.events.suffix(5)) == [.install(.analytics), .show(.analytics), .install(.settings), .show(.settings),
                                                        .shortcuts])
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
