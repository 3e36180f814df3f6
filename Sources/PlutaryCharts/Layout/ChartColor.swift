/// An RGBA colour with components 0…1.
public struct ChartColor: Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From "#rrggbb".
    public init(hex: String, alpha: Double = 1) {
        let value = UInt32(hex.dropFirst(hex.hasPrefix("#") ? 1 : 0), radix: 16) ?? 0
        self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255, alpha: alpha)
    }

    public func withAlpha(_ alpha: Double) -> ChartColor {
        ChartColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// 8-bit components, for comparing with rendered pixels.
    public var bytes: (red: UInt8, green: UInt8, blue: UInt8) {
        (UInt8((red * 255).rounded()), UInt8((green * 255).rounded()), UInt8((blue * 255).rounded()))
    }

    /// Relative luminance: tells a dark theme's text colour from a light one's.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}
