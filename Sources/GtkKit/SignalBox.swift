/// Carries a Swift closure through a C signal connection. It is passed retained as
/// user data and released by the connection's destroy notify, so it lives exactly
/// as long as the handler stays connected.
final class SignalBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }

    var retainedPointer: UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> SignalBox<Handler> {
        Unmanaged<SignalBox<Handler>>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// The destroy notify handed to GLib with every connection.
    static var release: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void {
        { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }
}

import CGtk
