/// A preference's value, typed as its GSettings key is.
public enum PreferenceValue: Equatable, Sendable {
    case int(Int)
    case bool(Bool)
    case string(String)
    case strings([String])

    /// Whether both values are of one GSettings type.
    public func hasSameType(as other: PreferenceValue) -> Bool {
        switch (self, other) {
        case (.int, .int), (.bool, .bool), (.string, .string), (.strings, .strings): true
        default: false
        }
    }
}
