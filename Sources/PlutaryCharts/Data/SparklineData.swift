/// A small trend line without axes, for list rows.
public struct SparklineData: Hashable, Sendable {
    public let values: [Double]

    public init(values: [Double]) {
        self.values = values
    }
}
