import Foundation
import PlutarySecrets

/// A real gnome-keyring-daemon in the test's private D-Bus session (the tests
/// run under dbus-run-session), its login keyring created and unlocked with an
/// empty password, its files in a temporary folder. Started once per test run.
enum KeyringDaemon {
    static var hasSessionBus: Bool {
        !(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
    }

    /// Starts the daemon unless a Secret Service already answers; true when one is running.
    static let ready: Bool = {
        guard hasSessionBus else { return false }
        if SecretServiceProbe.isRunning() { return true }
        let home = TestImage.temporaryDirectory()
        let runtime = home.appendingPathComponent("run")
        try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gnome-keyring-daemon")
        process.arguments = ["--foreground", "--components=secrets", "--unlock"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["HOME"] = home.path
        process.environment = environment
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        // An empty unlock password, newline-terminated: the daemon creates the login keyring with it.
        stdin.fileHandleForWriting.write(Data("\n".utf8))
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if SecretServiceProbe.isRunning() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }()

    /// Runs `body` with the Secret Service's process stopped (SIGSTOP), as a hung or locked keyring
    /// that never answers: every call waits for its timeout. The process is let go afterwards.
    static func whileStopped<T>(_ body: () async throws -> T) async throws -> T {
        let pid = try ownerPID()
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        return try await body()
    }

    /// The process that owns the Secret Service's bus name, asked of the bus with gdbus.
    private static func ownerPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                             "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.secrets"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The reply reads "(uint32 1234,)".
        guard let pid = reply.split(whereSeparator: { !$0.isNumber }).compactMap({ pid_t($0) }).last, pid > 1 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no owner of org.freedesktop.secrets: \(reply)"])
        }
        return pid
    }
}
