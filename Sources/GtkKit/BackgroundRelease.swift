import Dispatch

/// Releases large values the GTK thread is done with on a background queue: freeing a list
/// of 100 000 rows (their strings and decimals) took 30-60 ms of the main thread.
public enum BackgroundRelease {
    /// Holds the value until the queue empties it, so the release happens there whoever drops the box last.
    private final class Box<Value: Sendable>: @unchecked Sendable {
        var value: Value?
        init(_ value: Value) { self.value = value }
    }

    private static let queue = DispatchQueue(label: "plutary.background-release", qos: .utility)

    /// Puts `replacement` in `value`'s place and releases what `value` held on the background queue.
    public static func replace<Value: Sendable>(_ value: inout Value, with replacement: Value) {
        let box = Box(value)
        value = replacement
        queue.async { box.value = nil }
    }
}
