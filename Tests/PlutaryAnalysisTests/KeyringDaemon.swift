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
}
