/// An axis-aligned rectangle in pixels of the (orientation-corrected) source image.
public struct OCRBox: Sendable, Codable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
