import PlutaryCore

/// The services a running app works with, handed down the coordinator tree.
public struct AppEnvironment: Sendable {
    public let receipts: any ReceiptStore
    public let products: any ProductCatalog
    public let spending: any SpendingReporting
    /// Where the data lives, for Settings ("in memory" for fixtures).
    public let dataLocationDescription: String
    public let version: String

    public init(receipts: any ReceiptStore, products: any ProductCatalog, spending: any SpendingReporting,
                dataLocationDescription: String, version: String) {
        self.receipts = receipts
        self.products = products
        self.spending = spending
        self.dataLocationDescription = dataLocationDescription
        self.version = version
    }

    /// The live services over one store.
    public init(database: AppDatabase, version: String) {
        self.init(receipts: ReceiptRepository(database: database), products: ProductRepository(database: database),
                  spending: SpendingRepository(database: database),
                  dataLocationDescription: database.location?.directory.path ?? tr("In memory (fixture)"),
                  version: version)
    }
}
