import XCTest
@testable import GtkKit

/// Without a GPU render node, GTK's OpenGL is software: Cairo draws instead, unless the person chose.
final class RendererChoiceTests: XCTestCase {
    func testCairoDrawsWhenNoRenderNodeIsThere() {
        XCTAssertEqual(RendererChoice.renderer(environment: [:], renderNodes: []), "cairo")
        XCTAssertEqual(RendererChoice.renderer(environment: [:], renderNodes: ["card0", "by-path"]), "cairo")
    }

    func testGTKChoosesWhenAGPURenderNodeIsThere() {
        XCTAssertNil(RendererChoice.renderer(environment: [:], renderNodes: ["card0", "renderD128"]))
    }

    func testARendererSetByThePersonIsKept() {
        XCTAssertNil(RendererChoice.renderer(environment: ["GSK_RENDERER": "gl"], renderNodes: []))
        XCTAssertEqual(RendererChoice.renderer(environment: ["GSK_RENDERER": ""], renderNodes: []), "cairo")
    }

    func testApplySetsTheVariableFromTheDirectoryItLooksIn() throws {
        let saved = ProcessInfo.processInfo.environment["GSK_RENDERER"]
        defer { if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        unsetenv("GSK_RENDERER")
        RendererChoice.apply(renderNodeDirectory: folder.path)
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSK_RENDERER"], "cairo")
        unsetenv("GSK_RENDERER")
        FileManager.default.createFile(atPath: folder.appendingPathComponent("renderD128").path, contents: nil)
        RendererChoice.apply(renderNodeDirectory: folder.path)
        XCTAssertNil(ProcessInfo.processInfo.environment["GSK_RENDERER"])
    }
}
