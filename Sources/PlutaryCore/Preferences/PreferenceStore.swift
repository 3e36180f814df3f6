/// The person's preferences. Live: GSettings (PlutaryApp's `Preferences`);
/// fixtures and tests: `MemoryPreferenceStore`.
@MainActor
public protocol PreferenceStore: AnyObject, Sendable {
    /// False when changes will not outlive the process (no compiled schema found).
    var isPersistent: Bool { get }
    func value(_ key: PreferenceKey) -> PreferenceValue
    /// Stores `value`; a value of another type than the key's default is ignored.
    func set(_ key: PreferenceKey, _ value: PreferenceValue)
    /// Every key back to its default.
    func resetAll()
}

extension PreferenceStore {
    public func int(_ key: PreferenceKey) -> Int {
        if case .int(let value) = value(key) { return value }
        return 0
    }

    public func bool(_ key: PreferenceKey) -> Bool {
        if case .bool(let value) = value(key) { return value }
        return false
    }

    public func string(_ key: PreferenceKey) -> String {
        if case .string(let value) = value(key) { return value }
        return ""
    }

    public func strings(_ key: PreferenceKey) -> [String] {
        if case .strings(let value) = value(key) { return value }
        return []
    }
}
