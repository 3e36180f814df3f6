/// One scanner as SANE lists it: `name` opens it ("test:0"), the rest is for people.
public struct ScannerDevice: Equatable, Sendable, Identifiable {
    public let name: String
    public let vendor: String
    public let model: String

    public init(name: String, vendor: String, model: String) {
        self.name = name
        self.vendor = vendor
        self.model = model
    }

    public var id: String { name }

    /// "Noname frontend-tester (test:0)".
    public var title: String { "\(vendor) \(model) (\(name))" }
}
