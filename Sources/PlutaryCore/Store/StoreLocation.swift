import Foundation

/// Where the data folder lives: `--data-dir`, else `PLUTARY_DATA_DIR`,
/// else `$XDG_DATA_HOME/plutary` (`~/.local/share/plutary` when unset).
public struct StoreLocation: Sendable, Equatable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public static func resolve(dataDir: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> StoreLocation {
        if let dataDir, !dataDir.isEmpty {
            return StoreLocation(directory: URL(fileURLWithPath: dataDir, isDirectory: true))
        }
        if let fromEnv = environment["PLUTARY_DATA_DIR"], !fromEnv.isEmpty {
            return StoreLocation(directory: URL(fileURLWithPath: fromEnv, isDirectory: true))
        }
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        return StoreLocation(directory: base.appendingPathComponent("plutary", isDirectory: true))
    }

    public var databaseURL: URL { directory.appendingPathComponent("plutary.sqlite") }
    public var imagesDirectory: URL { directory.appendingPathComponent("images", isDirectory: true) }
}
