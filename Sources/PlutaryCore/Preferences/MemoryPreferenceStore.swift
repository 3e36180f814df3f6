/// Preferences kept for the process only: tests, and the fallback when the
/// GSettings schema is missing.
@MainActor
public final class MemoryPreferenceStore: PreferenceStore {
    private var values: [PreferenceKey: PreferenceValue] = [:]

    public init() {}

    public var isPersistent: Bool { false }

    public func value(_ key: PreferenceKey) -> PreferenceValue {
        values[key] ?? key.defaultValue
    }

    public func set(_ key: PreferenceKey, _ value: PreferenceValue) {
        guard value.hasSameType(as: key.defaultValue) else { return }
        values[key] = value
    }

    public func resetAll() {
        values.removeAll()
    }
}
