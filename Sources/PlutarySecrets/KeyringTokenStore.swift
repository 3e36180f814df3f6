import CSecret
import Foundation
import PlutaryCore

/// The API token in the desktop keyring (Secret Service, through libsecret),
/// under the schema `io.github.plutary.Plutary.Token` with the attributes
/// `provider` and `base-url`. libsecret's calls block on D-Bus, so each runs on a
/// worker thread and is awaited; each gives up after `timeout` (a locked keyring
/// whose unlock prompt nobody answers must not hang the caller forever).
public final class KeyringTokenStore: TokenStore, @unchecked Sendable {
    public static let schemaName = "io.github.plutary.Plutary.Token"

    public let isAvailable: Bool
    public let timeout: TimeInterval
    // Immutable after init and only read by libsecret: safe to share (hence @unchecked).
    private let schema: UnsafeMutablePointer<SecretSchema>

    /// Probes the session bus for a Secret Service first (within `probeTimeout`).
    public init(timeout: TimeInterval = 10, probeTimeout: TimeInterval = 1) {
        self.timeout = timeout
        isAvailable = SecretServiceProbe.isReachable(timeout: probeTimeout)
        let types = KeyringTokenStore.table(["provider": nil, "base-url": nil])
        defer { g_hash_table_unref(types) }
        schema = secret_schema_newv(KeyringTokenStore.schemaName, SECRET_SCHEMA_NONE, types)
    }

    deinit {
        secret_schema_unref(schema)
    }

    // Each call waits for D-Bus up to `timeout`: on a worker thread, so a slow keyring never
    // holds a thread of Swift's cooperative pool (the app's database reads need those).
    // Cancelling the awaiting task cancels the call (quitting during an upload need not wait it out).
    public func token(for account: TokenAccount) async throws -> String? {
        try await WorkerThread.run { isCancelled in try self.lookup(account, isCancelled) }
    }

    public func store(_ token: String, for account: TokenAccount) async throws {
        try await WorkerThread.run { isCancelled in try self.save(token, for: account, isCancelled) }
    }

    public func deleteToken(for account: TokenAccount) async throws {
        try await WorkerThread.run { isCancelled in try self.clear(account, isCancelled) }
    }

    @discardableResult public func deleteAll() async throws -> Int {
        try await WorkerThread.run { isCancelled in try self.clearAll(isCancelled) }
    }

    public func count() async throws -> Int {
        try await WorkerThread.run { isCancelled in try self.search(isCancelled) }
    }

    private func lookup(_ account: TokenAccount, _ isCancelled: @escaping @Sendable () -> Bool) throws -> String? {
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        let secret = try call(isCancelled) { cancellable, error in secret_password_lookupv_sync(schema, attributes, cancellable, &error) }
        guard let secret else { return nil }
        defer { secret_password_free(secret) }
        return String(cString: secret)
    }

    private func save(_ token: String, for account: TokenAccount, _ isCancelled: @escaping @Sendable () -> Bool) throws {
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        let label = "Plutary analysis token (\(account.provider), \(account.baseURL))"
        let stored = try call(isCancelled) { cancellable, error in
            secret_password_storev_sync(schema, attributes, nil, label, token, cancellable, &error)
        }
        if stored == 0 { throw KeyringError.failed("the keyring did not store the token") }
    }

    private func clear(_ account: TokenAccount, _ isCancelled: @escaping @Sendable () -> Bool) throws {
        let attributes = Self.attributes(account)
        defer { g_hash_table_unref(attributes) }
        _ = try call(isCancelled) { cancellable, error in secret_password_clearv_sync(schema, attributes, cancellable, &error) }
    }

    private func clearAll(_ isCancelled: @escaping @Sendable () -> Bool) throws -> Int {
        let count = try search(isCancelled)
        guard count > 0 else { return 0 }
        // Only the schema name (xdg:schema) is matched: every token the app stored, whatever its service.
        let attributes = Self.table([:])
        defer { g_hash_table_unref(attributes) }
        _ = try call(isCancelled) { cancellable, error in secret_password_clearv_sync(schema, attributes, cancellable, &error) }
        return count
    }

    private func search(_ isCancelled: @escaping @Sendable () -> Bool) throws -> Int {
        let attributes = Self.table([:])
        defer { g_hash_table_unref(attributes) }
        // secret_password_searchv_sync exists since libsecret 0.19 (Debian 12 has 0.20.5).
        let flags = SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue)
        let list = try call(isCancelled) { cancellable, error in secret_password_searchv_sync(schema, attributes, flags, cancellable, &error) }
        guard let list else { return 0 }
        defer { g_list_free_full(list, { g_object_unref($0) }) }
        return Int(g_list_length(list))
    }

    /// Runs one synchronous libsecret call with a cancellable that fires after `timeout`, or as
    /// soon as `isCancelled` turns true (checked every 100 ms).
    private func call<T>(_ isCancelled: @escaping @Sendable () -> Bool,
                         _ body: (UnsafeMutablePointer<GCancellable>?, inout UnsafeMutablePointer<GError>?) -> T) throws -> T {
        guard isAvailable else { throw KeyringError.unavailable }
        let cancellable = g_cancellable_new()
        defer { g_object_unref(cancellable) }
        let deadline = DispatchTime.now() + timeout
        let watchdog = DispatchSource.makeTimerSource(queue: .global())
        // The watchdog holds a reference of its own, dropped once it can no longer fire.
        let held = UncheckedPointer(g_object_ref(cancellable).assumingMemoryBound(to: GCancellable.self))
        watchdog.setEventHandler {
            if isCancelled() || DispatchTime.now() >= deadline { g_cancellable_cancel(held.pointer) }
        }
        watchdog.setCancelHandler { g_object_unref(held.pointer) }
        watchdog.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        watchdog.resume()
        var error: UnsafeMutablePointer<GError>?
        let result = body(cancellable, &error)
        watchdog.cancel()
        if let error {
            defer { g_error_free(error) }
            if isCancelled() { throw CancellationError() }
            if g_cancellable_is_cancelled(cancellable) != 0 { throw KeyringError.timedOut(seconds: timeout) }
            throw KeyringError.failed(String(cString: error.pointee.message))
        }
        return result
    }

    private static func attributes(_ account: TokenAccount) -> OpaquePointer {
        table(["provider": account.provider, "base-url": account.baseURL])
    }

    /// A GHashTable of copied C strings (a nil value is NULL: the schema's "string" attribute type).
    static func table(_ entries: [String: String?]) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        for (key, value) in entries {
            g_hash_table_insert(table, g_strdup(key), value.map { UnsafeMutableRawPointer(g_strdup($0)) } ?? nil)
        }
        return table
    }
}

/// A C pointer handed to the watchdog thread; GCancellable is thread-safe.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>?
    init(_ pointer: UnsafeMutablePointer<GCancellable>?) { self.pointer = pointer }
}
