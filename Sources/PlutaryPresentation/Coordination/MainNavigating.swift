/// What the coordinators need from the windowing layer. PlutaryApp implements it
/// on GTK; tests implement it with a recorder.
@MainActor
public protocol MainNavigating: AnyObject {
    func showMainWindow(_ viewModel: MainViewModel)
    func install(_ screen: SectionScreen)
    /// The import progress panel, shown while an import runs and until dismissed.
    func installImport(_ viewModel: ImportViewModel)
    func showSection(_ section: AppSection)
    func showShortcuts()
    /// The Scan from Scanner… dialog, until `closeAcquire`.
    func showAcquire(_ viewModel: AcquireViewModel)
    func closeAcquire()
    /// Shows the review screen over the section content (again for each receipt of a batch).
    func showReview(_ viewModel: ReviewViewModel)
    /// Back to the section content once the review flow is over.
    func closeReview()
    func closeMainWindow()
    func quit()
}
