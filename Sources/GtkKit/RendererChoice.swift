import Foundation

/// Which of GTK's renderers draws the windows. GTK 4.8 prefers OpenGL, and where no GPU can be
/// reached (a virtual machine, a remote or virtual X display, a container without /dev/dri) that
/// OpenGL is Mesa's llvmpipe, in software: under Xvfb the first frame came 430 ms after start
/// against 220–300 ms with the Cairo renderer, and the process held 214 MB against 137 MB.
/// So without a GPU render node, Cairo draws. `GSK_RENDERER`, when set, always wins.
public enum RendererChoice {
    /// Sets `GSK_RENDERER` for this process before GTK makes its first window.
    public static func apply(renderNodeDirectory: String = "/dev/dri") {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: renderNodeDirectory)) ?? []
        if let renderer = renderer(environment: ProcessInfo.processInfo.environment, renderNodes: nodes) {
            setenv("GSK_RENDERER", renderer, 1)
        }
    }

    /// The renderer to ask for, or nil to leave GTK's own choice.
    static func renderer(environment: [String: String], renderNodes: [String]) -> String? {
        if let chosen = environment["GSK_RENDERER"], !chosen.isEmpty { return nil }
        return renderNodes.contains { $0.hasPrefix("renderD") } ? nil : "cairo"
    }
}
