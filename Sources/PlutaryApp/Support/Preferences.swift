import CGtk
import Foundation
import PlutaryCore

/// The app's GSettings (schema io.github.plutary.Plutary). When the compiled
/// schema cannot be found (a bare `swift run`), values live in memory for the
/// session and a warning says why they will not be kept.
@MainActor
public final class Preferences: PreferenceStore {
    private let settings: UnsafeMutablePointer<GSettings>?
    private let memory = MemoryPreferenceStore()

    public init(schemaDirectory: URL?) {
        settings = Preferences.open(schemaDirectory: schemaDirectory)
        if settings == nil {
            FileHandle.standardError.write(Data("plutary: settings schema not found; preferences will not be saved (run `make run` or install).\n".utf8))
        }
    }

    /// The preferences of this installation or source tree.
    public convenience init() {
        self.init(schemaDirectory: AppResources.locate().schemaDirectory)
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

    public var isPersistent: Bool { settings != nil }

    public func value(_ key: PreferenceKey) -> PreferenceValue {
        guard let settings else { return memory.value(key) }
        let name = key.rawValue
        switch key.defaultValue {
        case .int: return .int(Int(g_settings_get_int(settings, name)))
        case .bool: return .bool(g_settings_get_boolean(settings, name) != 0)
        case .string:
            let raw = g_settings_get_string(settings, name)
            defer { g_free(raw) }
            return .string(raw.map { String(cString: $0) } ?? "")
        case .strings:
            guard let list = g_settings_get_strv(settings, name) else { return .strings([]) }
            defer { g_strfreev(list) }
            var strings: [String] = []
            var index = 0
            while let item = list[index] {
                strings.append(String(cString: item))
                index += 1
            }
            return .strings(strings)
        }
    }

    public func set(_ key: PreferenceKey, _ value: PreferenceValue) {
        guard value.hasSameType(as: key.defaultValue) else { return }
        guard let settings else { memory.set(key, value); return }
        let name = key.rawValue
        switch value {
        case .int(let number): g_settings_set_int(settings, name, Int32(clamping: number))
        case .bool(let flag): g_settings_set_boolean(settings, name, flag ? 1 : 0)
        case .string(let text): g_settings_set_string(settings, name, text)
        case .strings(let items):
            var pointers = items.map { strdup($0) }
            pointers.append(nil)
            defer { pointers.forEach { free($0) } }
            pointers.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                    _ = g_settings_set_strv(settings, name, $0)
                }
            }
        }
    }

    public func resetAll() {
        guard let settings else { memory.resetAll(); return }
        for key in PreferenceKey.allCases { g_settings_reset(settings, key.rawValue) }
    }

    isolated deinit {
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
    }
}
