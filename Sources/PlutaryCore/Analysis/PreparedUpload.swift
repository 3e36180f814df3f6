import Foundation

/// A receipt image made ready for a remote service: the JPEG that will be
/// sent, and its size in pixels (shown to the person before anything is sent).
public struct PreparedUpload: Sendable, Equatable {
    public let jpeg: Data
    public let width: Int
    public let height: Int

    public init(jpeg: Data, width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}
