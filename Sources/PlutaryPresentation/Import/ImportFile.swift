import Foundation

/// One file in the import list.
public struct ImportFile: Equatable, Sendable, Identifiable {
    public let id: Int
    public let url: URL
    public var state: ImportState

    public var name: String { url.lastPathComponent }
}
