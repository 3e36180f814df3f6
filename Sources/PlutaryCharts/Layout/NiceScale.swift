import Foundation

/// A value axis with "nice" round ticks (1, 2, 2.5 or 5 times a power of ten)
/// that covers the data, starting at zero for non-negative data.
public struct NiceScale: Hashable, Sendable {
    public let lower: Double
    public let upper: Double
    public let step: Double

    public init(minimum: Double, maximum: Double, tickCount: Int = 5, includeZero: Bool = true) {
        var low = includeZero ? min(0, minimum) : minimum
        var high = includeZero ? max(0, maximum) : maximum
        if high <= low {
            // One value (or none): give it room around itself.
            let pad = high == 0 ? 1 : abs(high) * 0.1
            high += pad
            if !includeZero || low != 0 { low -= pad }
        }
        let step = NiceScale.niceNumber((high - low) / Double(max(1, tickCount - 1)), round: true)
        self.step = step
        lower = (low / step).rounded(.down) * step
        upper = (high / step).rounded(.up) * step
    }

    public var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { lower + Double($0) * step }
    }

    /// Where `value` falls, 0 at `lower` to 1 at `upper`.
    public func fraction(_ value: Double) -> Double {
        upper == lower ? 0 : (value - lower) / (upper - lower)
    }

    static func niceNumber(_ value: Double, round: Bool) -> Double {
        guard value > 0 else { return 1 }
        let exponent = floor(log10(value))
        let power = pow(10, exponent)
        let fraction = value / power
        let nice: Double
        if round {
            nice = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        }
        return nice * power
    }
}
