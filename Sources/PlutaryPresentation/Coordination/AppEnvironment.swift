import PlutaryCore

/// The services a running app works with, handed down the coordinator tree.
/// It holds services over the store, never the database itself, so presentation
/// code has no way to query it directly.
public struct AppEnvironment: Sendable {
    public let receipts: any ReceiptStore
    public let products: any ProductCatalog
    public let spending: any SpendingReporting
    public let rates: ExchangeRateRepository
    public let images: ImageLibrary
    public let analysisJobs: AnalysisJobRepository
    public let reset: DataReset
    /// Reads a JSON export back into the store.
    public let backupImporter: ReceiptImporter
    /// Converts into CAD; `exporter.converting(to:)` gives the person's primary currency.
    public let exporter: ReceiptExporter
    public let preferences: any PreferenceStore
    public let tokens: any TokenStore
    public let scanner: any ReceiptScanning
    /// Where the data lives, for Settings ("in memory" for fixtures).
    public let dataLocationDescription: String
    public let version: String
    /// The remote analysis queue; nil for headless use and tests that do not need it.
    public var analysis: AnalysisCenter?
    /// Document scanners (SANE); nil where scanning is not built in (tests that do not scan).
    public var documentScanner: (any DocumentScanning)?

    /// The live services over one store.
    public init(database: AppDatabase, preferences: any PreferenceStore, tokens: any TokenStore,
                scanner: any ReceiptScanning, version: String) {
        receipts = ReceiptRepository(database: database)
        products = ProductRepository(database: database)
        spending = SpendingRepository(database: database)
        rates = ExchangeRateRepository(database: database)
        images = ImageLibrary(database: database)
        analysisJobs = AnalysisJobRepository(database: database)
        reset = DataReset(database: database, tokens: tokens)
        backupImporter = ReceiptImporter(database: database)
        exporter = ReceiptExporter(database: database)
        self.preferences = preferences
        self.tokens = tokens
        self.scanner = scanner
        dataLocationDescription = database.location?.directory.path ?? tr("In memory (fixture)")
        self.version = version
    }

    /// Over `database` with preferences and tokens kept in memory: tests and headless use.
    @MainActor
    public static func inMemory(database: AppDatabase, version: String,
                                scanner: any ReceiptScanning = UnavailableScanner()) -> AppEnvironment {
        AppEnvironment(database: database, preferences: MemoryPreferenceStore(), tokens: MemoryTokenStore(),
                       scanner: scanner, version: version)
    }
}
