import CGtk
import Foundation

/// Which of GTK's renderers draws the windows. GTK 4.8 prefers OpenGL, and where no GPU can be
/// reached (a virtual machine, a remote or virtual X display, a container without /dev/dri) that
/// OpenGL is Mesa's llvmpipe, in software: under Xvfb the first frame came 430 ms after start
/// against 220–300 ms with the Cairo renderer, and the process held 214 MB against 137 MB.
/// So without a GPU render node, Cairo draws. `GSK_RENDERER`, when set, always wins.
public enum RendererChoice {
    /// Sets `GSK_RENDERER` for this process before GTK makes its first window, and when Cairo
    /// draws, keeps GDK from loading OpenGL it will not use (`glSwitch`).
    public static func apply(renderNodeDirectory: String = "/dev/dri") {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: renderNodeDirectory)) ?? []
        let environment = ProcessInfo.processInfo.environment
        if let renderer = renderer(environment: environment, renderNodes: nodes) {
            setenv("GSK_RENDERER", renderer, 1)
            if let (name, value) = glSwitch(renderer: renderer, environment: environment, gtkMinorVersion: Int(gtk_get_minor_version())) {
                setenv(name, value, 1)
            }
        }
    }

    /// The renderer to ask for, or nil to leave GTK's own choice.
    static func renderer(environment: [String: String], renderNodes: [String]) -> String? {
        if let chosen = environment["GSK_RENDERER"], !chosen.isEmpty { return nil }
        return renderNodes.contains { $0.hasPrefix("renderD") } ? nil : "cairo"
    }

    /// The variable that stops GDK preparing OpenGL, for the Cairo renderer. GTK 4.8 opens
    /// OpenGL with the display, whatever the renderer: with no GPU, that loaded Mesa's software
    /// llvmpipe, 40-60 ms of the first frame and 60 MB of the process's memory, for nothing
    /// Cairo draws. GTK 4.8 reads `gl-disable` from `GDK_DEBUG` in release builds; later
    /// versions ignore it there, so it is left to them. A `GDK_DEBUG` the person set is kept.
    static func glSwitch(renderer: String, environment: [String: String], gtkMinorVersion: Int) -> (String, String)? {
        guard renderer == "cairo", gtkMinorVersion < 10, (environment["GDK_DEBUG"] ?? "").isEmpty else { return nil }
        return ("GDK_DEBUG", "gl-disable")
    }
}
