/// What to scan with: grey at `resolution` dpi, from `source` (the device's own choice when nil).
public struct ScanRequest: Equatable, Sendable {
    /// SANE's device name; nil takes the first scanner listed.
    public var device: String?
    public var resolution: Int
    public var source: ScanSource?

    public static let defaultResolution = 300

    public init(device: String? = nil, resolution: Int = defaultResolution, source: ScanSource? = nil) {
        self.device = device
        self.resolution = resolution
        self.source = source
    }
}
