import Foundation

/// A real HTTP server on 127.0.0.1 or another loopback address (Fixtures/analysis_server.py),
/// scripted per test with the answers each path gives in turn; it logs every request.
final class ScriptedServer: @unchecked Sendable {
    struct Answer {
        var status = 200
        var body: Any = ""
        var headers: [String: String] = [:]
        var delay: Double = 0
        var token: String?
        /// A body of this many bytes instead of `body`.
        var bytes: Int?
        /// A body that never ends: one byte every `drip` seconds.
        var drip: Double?

        var json: [String: Any] {
            var object: [String: Any] = ["status": status, "body": body, "headers": headers, "delay": delay]
            if let token { object["token"] = token }
            if let bytes { object["bytes"] = bytes }
            if let drip { object["drip"] = drip }
            return object
        }
    }

    struct Request {
        let method: String
        let path: String
        let authorization: String?
        let body: [String: Any]?
        /// The body's length as received.
        let bytes: Int
    }

    let host: String
    let port: Int
    let directory: URL
    private let process: Process
    private let logURL: URL

    var baseURL: String { "http://\(host):\(port)" }

    init(_ script: [String: [Answer]], host: String = "127.0.0.1") throws {
        self.host = host
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scriptURL = directory.appendingPathComponent("script.json")
        logURL = directory.appendingPathComponent("requests.jsonl")
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        try JSONSerialization.data(withJSONObject: script.mapValues { $0.map(\.json) }).write(to: scriptURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.fixture("analysis_server.py").path, scriptURL.path, logURL.path, host]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = output.fileHandleForReading.readLine()
        guard let port = Int(line) else {
            process.terminate()
            throw ServerError.noPort(line)
        }
        self.port = port
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func stop() {
        // SIGKILL: the test runner leaves SIGTERM ignored in its children.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var requests: [Request] {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(method: object["method"] as? String ?? "", path: object["path"] as? String ?? "",
                           authorization: object["authorization"] as? String, body: object["body"] as? [String: Any],
                           bytes: object["bytes"] as? Int ?? 0)
        }
    }

    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    enum ServerError: Error { case noPort(String) }
}

extension FileHandle {
    /// Reads up to the first newline (the server prints its port, then nothing more).
    func readLine() -> String {
        var bytes = Data()
        while let byte = try? read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
