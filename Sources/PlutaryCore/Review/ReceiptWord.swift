/// A word read from a receipt image, with its box in pixels of the image as it
/// is shown (EXIF orientation applied): what the review highlights and what a
/// click on the image picks.
public struct ReceiptWord: Sendable, Equatable, Hashable {
    public var text: String
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(text: String, x: Int, y: Int, width: Int, height: Int) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// How far a point lies outside the box (0 inside), in image pixels.
    public func distance(toX px: Double, y py: Double) -> Double {
        let dx = max(Double(x) - px, 0, px - Double(x + width))
        let dy = max(Double(y) - py, 0, py - Double(y + height))
        return (dx * dx + dy * dy).squareRoot()
    }
}
