/// Shops and the things they sell, for the sample fixture and the store generator.
public enum FixtureCatalog {
    public struct Shop: Sendable {
        public let name: String
        public let currency: String
        public let taxName: String
        public let taxPercent: Int
        public let category: String
        public let items: [Item]
        public let payment: [String]
    }

    public struct Item: Sendable {
        public let name: String
        /// Price in minor units.
        public let price: Int64
        public let category: String
        public let taxable: Bool
        /// Sold by weight (kg) rather than by piece.
        public let weighed: Bool

        init(_ name: String, _ price: Int64, _ category: String, taxable: Bool = false, weighed: Bool = false) {
            self.name = name
            self.price = price
            self.category = category
            self.taxable = taxable
            self.weighed = weighed
        }
    }

    public static let shops: [Shop] = [
        Shop(name: "Costco Wholesale", currency: "CAD", taxName: "HST", taxPercent: 13, category: "Groceries", items: [
            Item("KS ORGANIC EGGS 24CT", 899, "Groceries"),
            Item("KS BATH TISSUE 30RL", 2399, "Household", taxable: true),
            Item("ROTISSERIE CHICKEN", 799, "Groceries"),
            Item("KS OLIVE OIL 3L", 2899, "Groceries"),
            Item("AVOCADOS 6CT", 749, "Groceries"),
            Item("KS PAPER TOWEL 12RL", 2199, "Household", taxable: true),
            Item("BLUEBERRIES 1.5LB", 899, "Groceries"),
            Item("KS DISH TABS 115CT", 1899, "Household", taxable: true),
        ], payment: ["Mastercard", "Debit"]),
        Shop(name: "Walmart", currency: "CAD", taxName: "HST", taxPercent: 13, category: "Groceries", items: [
            Item("GV 2% MILK 4L", 599, "Groceries"),
            Item("BANANAS", 178, "Groceries", weighed: true),
            Item("GV WHITE BREAD", 247, "Groceries"),
            Item("TIDE PODS 42CT", 1497, "Household", taxable: true),
            Item("USB-C CABLE 2M", 1288, "Electronics", taxable: true),
            Item("GV PEANUT BUTTER 1KG", 497, "Groceries"),
            Item("COLGATE TOOTHPASTE", 297, "Personal care", taxable: true),
        ], payment: ["Visa", "Cash"]),
        Shop(name: "T&T Supermarket", currency: "CAD", taxName: "HST", taxPercent: 13, category: "Groceries", items: [
            Item("白菜 Bok Choy", 298, "Groceries", weighed: true),
            Item("豆腐 Tofu", 229, "Groceries"),
            Item("茉莉香米 Jasmine Rice 8kg", 1999, "Groceries"),
            Item("老干妈 Chili Crisp", 499, "Groceries"),
            Item("饺子 Pork Dumplings", 899, "Groceries"),
            Item("生抽 Soy Sauce", 379, "Groceries"),
            Item("芒果 Mango", 199, "Groceries"),
        ], payment: ["Visa", "Debit"]),
        Shop(name: "No Frills", currency: "CAD", taxName: "HST", taxPercent: 13, category: "Groceries", items: [
            Item("NN APPLE JUICE", 199, "Groceries"),
            Item("AVOC HASS", 129, "Groceries"),
            Item("PC CHEDDAR 400G", 649, "Groceries"),
            Item("ONIONS YELLOW", 220, "Groceries", weighed: true),
            Item("NN GARBAGE BAGS", 549, "Household", taxable: true),
            Item("BNLS CHKN BRST", 1298, "Groceries", weighed: true),
        ], payment: ["Debit", "Cash"]),
        Shop(name: "Food Basics", currency: "CAD", taxName: "HST", taxPercent: 13, category: "Groceries", items: [
            Item("SELECTION PASTA", 149, "Groceries"),
            Item("TOMATOES ON VINE", 330, "Groceries", weighed: true),
            Item("2% YOGURT 750G", 399, "Groceries"),
            Item("SPARKLING WATER", 499, "Groceries", taxable: true),
        ], payment: ["Debit"]),
        Shop(name: "Whole Foods Market", currency: "USD", taxName: "Sales tax", taxPercent: 8, category: "Groceries", items: [
            Item("365 Almond Milk", 349, "Groceries"),
            Item("Organic Strawberries", 499, "Groceries"),
            Item("Sourdough Loaf", 599, "Groceries"),
            Item("Kombucha", 399, "Groceries", taxable: true),
        ], payment: ["Amex", "Visa"]),
        Shop(name: "Target", currency: "USD", taxName: "Sales tax", taxPercent: 8, category: "Household", items: [
            Item("Up&Up Paper Towels", 1199, "Household", taxable: true),
            Item("Good & Gather Coffee", 899, "Groceries"),
            Item("Phone Charger", 1999, "Electronics", taxable: true),
        ], payment: ["Visa"]),
        Shop(name: "Lidl", currency: "EUR", taxName: "MwSt", taxPercent: 7, category: "Groceries", items: [
            Item("Bananen", 119, "Groceries", weighed: true),
            Item("Vollmilch 3,5%", 109, "Groceries"),
            Item("Roggenbrot", 169, "Groceries"),
            Item("Gouda jung", 229, "Groceries"),
            Item("Crème fraîche", 89, "Groceries"),
        ], payment: ["EC-Karte", "Bar"]),
        Shop(name: "Rewe", currency: "EUR", taxName: "MwSt", taxPercent: 7, category: "Groceries", items: [
            Item("Äpfel Elstar", 249, "Groceries", weighed: true),
            Item("Müsli Nuss", 299, "Groceries"),
            Item("Spülmittel", 145, "Household", taxable: true),
        ], payment: ["EC-Karte"]),
    ]
}
