import Foundation

/// The real `plutary` executable the build produced, run as a child process.
enum PlutaryBinary {
    static var url: URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/plutary")
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Starts plutary; output goes to files in `directory` so a killed child leaves it readable.
    static func start(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                      directory: URL) throws -> (Process, URL, URL) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PLUTARY_API_TOKEN")
        env.merge(environment) { $1 }
        process.environment = env
        let out = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let stdin {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(stdin.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        return (process, out, err)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, directory: URL) throws -> Run {
        let (process, out, err) = try start(arguments, environment: environment, stdin: stdin, directory: directory)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
