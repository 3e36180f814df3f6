import Foundation
import PlutaryCore

/// How the review screen's image is scaled: fitted to the pane, or at a zoom
/// level the person chose with the buttons, Ctrl+scroll or Ctrl+plus/minus.
public struct ImageZoom: Equatable, Sendable {
    public private(set) var scale: Double = 1
    public private(set) var isFit = true

    public static let steps: [Double] = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8]
    public static var range: ClosedRange<Double> { steps.first!...steps.last! }

    public init() {}

    /// The scale at which an image of `image` size fits in `available`, never
    /// enlarged past its own pixels.
    public static func fitScale(image: (width: Double, height: Double), available: (width: Double, height: Double)) -> Double {
        guard image.width > 0, image.height > 0, available.width > 0, available.height > 0 else { return 1 }
        return min(1, available.width / image.width, available.height / image.height)
    }

    public mutating func fit(scale: Double) {
        isFit = true
        self.scale = scale
    }

    public mutating func zoomIn() {
        set(Self.steps.first { $0 > scale * 1.01 } ?? Self.steps.last!)
    }

    public mutating func zoomOut() {
        set(Self.steps.last { $0 < scale * 0.99 } ?? Self.steps.first!)
    }

    /// Smooth zoom (a touchpad's Ctrl+scroll): multiplies the scale.
    public mutating func zoom(by factor: Double) {
        set(scale * factor)
    }

    public mutating func set(_ newScale: Double) {
        isFit = false
        scale = min(Self.range.upperBound, max(Self.range.lowerBound, newScale))
    }

    public var canZoomIn: Bool { scale < Self.range.upperBound }
    public var canZoomOut: Bool { scale > Self.range.lowerBound }

    /// "Fit" or the percentage, for the zoom label.
    public var label: String {
        String(format: tr("%d%%"), Int((scale * 100).rounded()))
    }
}
