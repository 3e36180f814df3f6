import CGtk
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

    /// GTK 4.8 loads OpenGL as it opens the display, whatever the renderer: not when Cairo draws.
    func testCairoKeepsGTK48FromLoadingOpenGL() {
        XCTAssertEqual(RendererChoice.glSwitch(renderer: "cairo", environment: [:], gtkMinorVersion: 8).map { [$0, $1] },
                       ["GDK_DEBUG", "gl-disable"])
        XCTAssertEqual(RendererChoice.glSwitch(renderer: "cairo", environment: ["GDK_DEBUG": ""], gtkMinorVersion: 8).map { [$0, $1] },
                       ["GDK_DEBUG", "gl-disable"])
        XCTAssertNil(RendererChoice.glSwitch(renderer: "cairo", environment: ["GDK_DEBUG": "events"], gtkMinorVersion: 8),
                     "the person's GDK_DEBUG is kept")
        XCTAssertNil(RendererChoice.glSwitch(renderer: "cairo", environment: [:], gtkMinorVersion: 12),
                     "later versions ignore gl-disable in release builds")
        XCTAssertNil(RendererChoice.glSwitch(renderer: "gl", environment: [:], gtkMinorVersion: 8))
    }

    func testApplySetsTheVariableFromTheDirectoryItLooksIn() throws {
        let saved = ProcessInfo.processInfo.environment["GSK_RENDERER"]
        let savedDebug = ProcessInfo.processInfo.environment["GDK_DEBUG"]
        defer {
            if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") }
            if let savedDebug { setenv("GDK_DEBUG", savedDebug, 1) } else { unsetenv("GDK_DEBUG") }
        }
        unsetenv("GDK_DEBUG")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        unsetenv("GSK_RENDERER")
        RendererChoice.apply(renderNodeDirectory: folder.path)
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSK_RENDERER"], "cairo")
        if gtk_get_minor_version() < 10 { XCTAssertEqual(ProcessInfo.processInfo.environment["GDK_DEBUG"], "gl-disable") }
        unsetenv("GSK_RENDERER")
        unsetenv("GDK_DEBUG")
        FileManager.default.createFile(atPath: folder.appendingPathComponent("renderD128").path, contents: nil)
        RendererChoice.apply(renderNodeDirectory: folder.path)
        XCTAssertNil(ProcessInfo.processInfo.environment["GSK_RENDERER"])
        XCTAssertNil(ProcessInfo.processInfo.environment["GDK_DEBUG"], "a GPU's OpenGL is left alone")
    }
}
