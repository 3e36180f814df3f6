import Foundation

/// A private SANE configuration enabling only SANE's own `test` backend: one device, test:0,
/// scanning its grid picture (10 mm black and white squares, white at the top left) on a
/// 40 × 60 mm page, so a sheet at 50 dpi is 78 × 118 pixels, the same every time.
enum SANETestBackend {
    /// The folder `SANE_CONFIG_DIR` names (no trailing colon: the system's folders are not read).
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-sane-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try! Data("test\n".utf8).write(to: folder.appendingPathComponent("dll.conf"))
        let options = ["number_of_devices 1", "test-picture \"Grid\"", "br_x 40.0", "br_y 60.0"]
        try! Data((options.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("test.conf"))
        return folder
    }()

    /// For child processes.
    static var environment: [String: String] { ["SANE_CONFIG_DIR": folder.path] }

    /// For this process: SANE reads it at each sane_init, which each scan calls.
    static func install() {
        setenv("SANE_CONFIG_DIR", folder.path, 1)
    }
}
