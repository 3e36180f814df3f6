import CGtk
import CGtkShims
import Foundation

/// The GtkApplication: single instance (through D-Bus when a session bus is
/// there), opening files handed to it by a file manager or the command line.
@MainActor
public final class Application: Object {
    public init(id: String, handlesOpen: Bool) {
        let flags: GApplicationFlags = handlesOpen ? G_APPLICATION_HANDLES_OPEN : G_APPLICATION_DEFAULT_FLAGS
        super.init(adopting: plutary_application_new(id, flags))
    }

    public var application: UnsafeMutablePointer<GtkApplication> { pointer() }

    public func onActivate(_ handler: @escaping @MainActor () -> Void) { on("activate", handler) }
    public func onStartup(_ handler: @escaping @MainActor () -> Void) { on("startup", handler) }
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) { on("shutdown", handler) }

    /// "open": the files given on the command line or by a file manager, as paths.
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
        onOpenFiles { files, count in
            let paths = (0..<count).compactMap { index in files?[index].flatMap(LocalFile.url(of:))?.path }
            handler(paths)
        }
    }

    /// Runs the main loop with the Dispatch main queue attached; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        MainLoopBridge.attach()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(UnsafeMutablePointer<GApplication>(OpaquePointer(raw)), Int32(buffer.count), buffer.baseAddress)
        }
    }

    public func quit() { g_application_quit(UnsafeMutablePointer<GApplication>(OpaquePointer(raw))) }

    /// Adds an application action ("app.NAME") with optional accelerators.
    public func addAction(_ action: Action, accelerators: [String] = []) {
        g_action_map_add_action(opaque, action.opaque)
        setAccelerators(accelerators, for: "app.\(action.name)")
    }

    /// Binds keyboard accelerators ("<Control>q") to a detailed action name ("win.close").
    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { pointer in
                gtk_application_set_accels_for_action(application, detailedAction, pointer)
            }
        }
    }
}
