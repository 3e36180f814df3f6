import GtkKit
import PlutaryPresentation

/// `DataNavigating` on GTK: the export dialog over the main window.
@MainActor
final class GtkDataNavigator: DataNavigating {
    private let parent: () -> Window?

    init(parent: @escaping () -> Window?) {
        self.parent = parent
    }

    func showExport(_ viewModel: ExportViewModel) {
        ExportDialog.present(viewModel, parent: parent)
    }
}
