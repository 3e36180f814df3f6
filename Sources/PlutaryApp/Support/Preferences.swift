import CGtk
import Foundation

/// The app's GSettings (schema io.github.plutary.Plutary). When the compiled
/// schema cannot be found (a bare `swift run`), values live in memory for the
/// session and a warning says why they will not be kept.
@MainActor
final class Preferences {
    private let settings: UnsafeMutablePointer<GSettings>?
    private var memory: [String: Int32] = [:]
    private var memoryBools: [String: Bool] = [:]

    init(schemaDirectory: URL?) {
        settings = Preferences.open(schemaDirectory: schemaDirectory)
        if settings == nil {
            FileHandle.standardError.write(Data("plutary: settings schema not found; preferences will not be saved (run `make run` or install).\n".utf8))
        }
    }

    private static func open(schemaDirectory: URL?) -> UnsafeMutablePointer<GSettings>? {
        let defaultSource = g_settings_schema_source_get_default()
        var source = defaultSource
        var owned: OpaquePointer?
        if let schemaDirectory {
            var error: UnsafeMutablePointer<GError>?
            owned = g_settings_schema_source_new_from_directory(schemaDirectory.path, defaultSource, 0, &error)
            if let error { g_error_free(error) }
            if let owned { source = owned }
        }
        defer { if let owned { g_settings_schema_source_unref(owned) } }
        guard let source, let schema = g_settings_schema_source_lookup(source, AppResources.appId, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return g_settings_new_full(schema, nil, nil)
    }

    var isPersistent: Bool { settings != nil }

    func int(_ key: String, default value: Int32) -> Int32 {
        guard let settings else { return memory[key] ?? value }
        return g_settings_get_int(settings, key)
    }

    func setInt(_ key: String, _ value: Int32) {
        guard let settings else { memory[key] = value; return }
        g_settings_set_int(settings, key, value)
    }

    func bool(_ key: String, default value: Bool) -> Bool {
        guard let settings else { return memoryBools[key] ?? value }
        return g_settings_get_boolean(settings, key) != 0
    }

    func setBool(_ key: String, _ value: Bool) {
        guard let settings else { memoryBools[key] = value; return }
        g_settings_set_boolean(settings, key, value ? 1 : 0)
    }

    isolated deinit {
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
    }
}
