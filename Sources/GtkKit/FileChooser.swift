import CGtk
import Foundation

/// The native file chooser (GtkFileChooserNative), which goes through the file
/// chooser portal in a sandbox. It keeps itself alive until the person answers;
/// then its dialog is destroyed and the response handler (which holds the
/// completion, and through it this chooser) disconnected, so both are freed.
@MainActor
public final class FileChooser {
    public struct Filter: Sendable {
        public let name: String
        public let mimeTypes: [String]
        public let patterns: [String]

        public init(name: String, mimeTypes: [String] = [], patterns: [String] = []) {
            self.name = name
            self.mimeTypes = mimeTypes
            self.patterns = patterns
        }
    }

    static private(set) var pending: [ObjectIdentifier: FileChooser] = [:]
    let dialog: Object
    private var chooser: OpaquePointer { dialog.opaque }
    private var responseHandler: UInt = 0

    private init(title: String, parent: Window?, action: GtkFileChooserAction, accept: String) {
        let raw = gtk_file_chooser_native_new(title, parent?.window, action, accept, nil)!
        dialog = Object(adopting: UnsafeMutableRawPointer(raw))
        gtk_native_dialog_set_modal(dialog.pointer(), 1)
    }

    /// Asks for existing files; `completion` gets them (empty when cancelled).
    public static func openFiles(title: String, accept: String, parent: Window?, multiple: Bool,
                                 filters: [Filter], completion: @escaping @MainActor ([URL]) -> Void) {
        let chooser = FileChooser(title: title, parent: parent, action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: accept)
        gtk_file_chooser_set_select_multiple(chooser.chooser, multiple ? 1 : 0)
        chooser.add(filters)
        chooser.show { accepted in completion(accepted ? chooser.selectedURLs() : []) }
    }

    /// Asks where to save; `completion` gets the chosen file or nil when cancelled.
    public static func saveFile(title: String, accept: String, parent: Window?, suggestedName: String,
                                filters: [Filter], completion: @escaping @MainActor (URL?) -> Void) {
        let chooser = FileChooser(title: title, parent: parent, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: accept)
        gtk_file_chooser_set_current_name(chooser.chooser, suggestedName)
        chooser.add(filters)
        chooser.show { accepted in completion(accepted ? chooser.selectedURLs().first : nil) }
    }

    private func add(_ filters: [Filter]) {
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, filter.name)
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(gtkFilter, $0) }
            filter.patterns.forEach { gtk_file_filter_add_pattern(gtkFilter, $0) }
            // The chooser takes its own reference.
            gtk_file_chooser_add_filter(chooser, gtkFilter)
            g_object_unref(UnsafeMutableRawPointer(gtkFilter))
        }
    }

    private func show(_ answered: @escaping @MainActor (Bool) -> Void) {
        let id = ObjectIdentifier(self)
        FileChooser.pending[id] = self
        responseHandler = dialog.on("response", position: { [self] response in
            answered(Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue)
            // After the handler returns, so GTK finishes its emission first.
            DispatchQueue.main.async { self.close() }
        })
        gtk_native_dialog_show(dialog.pointer())
    }

    /// Destroys the dialog and drops the handler, whose closures held this chooser.
    private func close() {
        dialog.disconnect(responseHandler)
        gtk_native_dialog_destroy(dialog.pointer())
        FileChooser.pending[ObjectIdentifier(self)] = nil
    }

    private func selectedURLs() -> [URL] {
        guard let files = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        var urls: [URL] = []
        for index in 0..<g_list_model_get_n_items(files) {
            guard let file = g_list_model_get_item(files, index) else { continue }
            defer { g_object_unref(file) }
            if let url = LocalFile.url(of: OpaquePointer(file)) { urls.append(url) }
        }
        return urls
    }
}
