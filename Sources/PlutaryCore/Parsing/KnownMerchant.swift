import Foundation

/// A chain whose name is normalised to its brand, with what its receipts imply. A class,
/// though immutable: every chain is tested on every header line, and copying a struct of
/// six arrays and strings for each test retained and released them all.
final class KnownMerchant: Sendable, Equatable {
    let brand: String
    /// Compact upper-case spellings (no spaces or punctuation) that identify the chain.
    let keys: [String]
    /// Keys that must be a whole word because they are short or common ("REAL", "DM").
    let wordKeys: [String]
    let currency: String?
    let dateOrder: DateOrder?
    // `keys` as UTF-8 bytes, and whether each is ASCII: every chain is tested on every header line.
    private let keyBytes: [[UInt8]]
    private let keyIsASCII: [Bool]
    // Whether each key has eight letters or more, and may be found inside run-together text.
    private let keyIsLong: [Bool]
    /// The keys long enough (six letters) to be recognised with one OCR slip.
    let slipKeys: [KeywordPhrase]
    /// The first three bytes of each key and word key, for `find`'s quick test; nil when a key is not
    /// ASCII (such chains are always tested).
    private let keyStarts: [UInt32]?

    init(_ brand: String, keys: [String], wordKeys: [String] = [], currency: String? = nil, dateOrder: DateOrder? = nil) {
        self.brand = brand; self.keys = keys; self.wordKeys = wordKeys; self.currency = currency; self.dateOrder = dateOrder
        keyBytes = keys.map { Array($0.utf8) }
        keyIsASCII = keys.map { $0.allSatisfy(\.isASCII) }
        keyIsLong = keys.map { $0.count >= 8 }
        slipKeys = keys.filter { $0.count >= 6 }.map(KeywordPhrase.init)
        let allKeys = keys + wordKeys
        keyStarts = allKeys.allSatisfy { $0.allSatisfy(\.isASCII) && $0.utf8.count >= 3 }
            ? allKeys.map { Self.trigram(Array($0.utf8), at: 0) } : nil
    }

    static func == (a: KnownMerchant, b: KnownMerchant) -> Bool { a.brand == b.brand }

    static let costco = KnownMerchant("Costco Wholesale", keys: ["COSTCO"], currency: "CAD", dateOrder: .monthFirst)
    // Its logo until 2008, still on older receipts: "WAL*MART".
    static let walmart = KnownMerchant("Walmart", keys: ["WALMART", "WAL*MART", "WALMRT", "WALMARI", "WALMAR7"], currency: "CAD", dateOrder: .monthFirst)
    static let tnt = KnownMerchant("T&T Supermarket", keys: ["T&TSUPERMARKET", "TNTSUPERMARKET", "TTSUPERMARKET", "大統華", "大统华"],
                                   wordKeys: ["T&T"], currency: "CAD")
    static let noFrills = KnownMerchant("No Frills", keys: ["NOFRILLS"], currency: "CAD", dateOrder: .monthFirst)
    static let foodBasics = KnownMerchant("Food Basics", keys: ["FOODBASICS"], currency: "CAD", dateOrder: .monthFirst)

    /// Chains the parser recognises; the first match in the header wins.
    static let all: [KnownMerchant] = [
        costco, walmart, tnt, noFrills, foodBasics,
        KnownMerchant("Loblaws", keys: ["LOBLAWS"], currency: "CAD"),
        // Its full name before Germany's Real; its last word alone at the end of the list.
        KnownMerchant("Real Canadian Superstore", keys: ["REALCANADIAN"], currency: "CAD"),
        KnownMerchant("Metro", keys: [], wordKeys: ["METRO"], currency: "CAD"),
        KnownMerchant("Sobeys", keys: ["SOBEYS"], currency: "CAD"),
        KnownMerchant("FreshCo", keys: ["FRESHCO"], currency: "CAD"),
        KnownMerchant("Shoppers Drug Mart", keys: ["SHOPPERSDRUGMART"], currency: "CAD"),
        KnownMerchant("Canadian Tire", keys: ["CANADIANTIRE"], currency: "CAD"),
        KnownMerchant("Dollarama", keys: ["DOLLARAMA"], currency: "CAD"),
        KnownMerchant("Tim Hortons", keys: ["TIMHORTONS"], currency: "CAD"),
        KnownMerchant("Giant Tiger", keys: ["GIANTTIGER"], currency: "CAD"),
        KnownMerchant("Petro-Canada", keys: ["PETROCANADA"], currency: "CAD"),
        // Its logo's two words run together by OCR; "CIRCLE K" spaced is read as printed (a key would take "CIRCLE KITCHEN").
        KnownMerchant("Circle K", keys: [], wordKeys: ["CIRCLEK"]),
        KnownMerchant("LCBO", keys: [], wordKeys: ["LCBO"], currency: "CAD"),
        KnownMerchant("Target", keys: [], wordKeys: ["TARGET"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Trader Joe's", keys: ["TRADERJOE"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Whole Foods Market", keys: ["WHOLEFOODS"], dateOrder: .monthFirst),
        KnownMerchant("Kroger", keys: ["KROGER"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Safeway", keys: ["SAFEWAY"], dateOrder: .monthFirst),
        KnownMerchant("Publix", keys: ["PUBLIX"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Meijer", keys: ["MEIJER"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("H-E-B", keys: [], wordKeys: ["H-E-B"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Wegmans", keys: ["WEGMANS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Albertsons", keys: ["ALBERTSONS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Food Lion", keys: ["FOODLION"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("ShopRite", keys: ["SHOPRITE"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Hy-Vee", keys: ["HYVEE", "HY-VEE"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Harris Teeter", keys: ["HARRISTEETER"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Giant Eagle", keys: ["GIANTEAGLE"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Fred Meyer", keys: ["FREDMEYER"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Ralphs", keys: ["RALPHS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Sprouts", keys: ["SPROUTSFARMERS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Walgreens", keys: ["WALGREENS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("CVS", keys: [], wordKeys: ["CVS"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Rite Aid", keys: ["RITEAID"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Dollar General", keys: ["DOLLARGENERAL"], currency: "USD", dateOrder: .monthFirst),
        KnownMerchant("Sam's Club", keys: ["SAMSCLUB", "SAM'SCLUB"], currency: "USD", dateOrder: .monthFirst),
        // Canada's grocers and pharmacies beyond the big five.
        KnownMerchant("Zehrs", keys: ["ZEHRS"], currency: "CAD"),
        KnownMerchant("Fortinos", keys: ["FORTINOS"], currency: "CAD"),
        KnownMerchant("Longo's", keys: ["LONGOS", "LONGO'S"], currency: "CAD"),
        KnownMerchant("Farm Boy", keys: ["FARMBOY"], currency: "CAD"),
        KnownMerchant("Valu-mart", keys: ["VALUMART", "VALU-MART"], currency: "CAD"),
        KnownMerchant("Your Independent Grocer", keys: ["YOURINDEPENDENTGROCER"], currency: "CAD"),
        KnownMerchant("Provigo", keys: ["PROVIGO"], currency: "CAD"),
        KnownMerchant("IGA", keys: [], wordKeys: ["IGA"]),   // Canada and Australia
        KnownMerchant("Save-On-Foods", keys: ["SAVEONFOODS", "SAVE-ON-FOODS"], currency: "CAD"),
        KnownMerchant("Foodland", keys: ["FOODLAND"], currency: "CAD"),
        KnownMerchant("Rexall", keys: ["REXALL"], currency: "CAD"),
        KnownMerchant("Jean Coutu", keys: ["JEANCOUTU"], currency: "CAD"),
        KnownMerchant("Pharmaprix", keys: ["PHARMAPRIX"], currency: "CAD"),
        KnownMerchant("London Drugs", keys: ["LONDONDRUGS"], currency: "CAD"),
        KnownMerchant("Bulk Barn", keys: ["BULKBARN"], currency: "CAD"),
        KnownMerchant("Home Depot", keys: ["HOMEDEPOT"]),
        KnownMerchant("IKEA", keys: ["IKEA"]),
        KnownMerchant("Lidl", keys: ["LIDL"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Aldi", keys: ["ALDI"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Rewe", keys: ["REWE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Edeka", keys: ["EDEKA"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Marktkauf", keys: ["MARKTKAUF"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("dm", keys: ["DMDROGERIE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Rossmann", keys: ["ROSSMANN", "ROSSMAN"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Real", keys: [], wordKeys: ["REAL"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Netto", keys: ["NETTOMARKEN", "NETTOMARKT"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Penny", keys: ["PENNYMARKT"], wordKeys: ["PENNY"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Kaufland", keys: ["KAUFLAND"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Hornbach", keys: ["HORNBACH"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("toom", keys: ["TOOMBAUMARKT"], wordKeys: ["TOOM"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Obi", keys: [], wordKeys: ["OBI"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Bauhaus", keys: ["BAUHAUS"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Roller", keys: [], wordKeys: ["ROLLER"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Müller", keys: ["MUELLERDROGERIE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("MediaMarkt", keys: ["MEDIAMARKT"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Aral", keys: [], wordKeys: ["ARAL"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Tesco", keys: ["TESCO"], dateOrder: .dayFirst),
        KnownMerchant("Sainsbury's", keys: ["SAINSBURY"], currency: "GBP", dateOrder: .dayFirst),
        KnownMerchant("Migros", keys: ["MIGROS"], currency: "CHF", dateOrder: .dayFirst),
        // Before Coop: Consum is a cooperative, and its name line says so ("CONSUM S. COOP. V.").
        KnownMerchant("Consum", keys: [], wordKeys: ["CONSUM"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Coop", keys: [], wordKeys: ["COOP"], dateOrder: .dayFirst),
        // Canada's co-operatives (Federated Co-operatives' food stores and gas bars, Calgary Co-op) and Britain's print
        // it hyphenated, which the label's words split: no date order or currency, it is both countries'.
        KnownMerchant("Co-op", keys: [], wordKeys: ["CO-OP"]),
        // Grocery and drugstore chains elsewhere in Europe. Only names that are no common word, product
        // or surname ("Carrefour" is French for crossroads, and a Malaysian "CARREFOUR RESTAURANT"
        // is no Carrefour): a chain named anywhere in the text is taken when the header names none.
        KnownMerchant("tegut", keys: ["TEGUT"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Globus", keys: [], wordKeys: ["GLOBUS"], dateOrder: .dayFirst),
        KnownMerchant("Spar", keys: [], wordKeys: ["SPAR"], dateOrder: .dayFirst),
        KnownMerchant("MPreis", keys: ["MPREIS"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Despar", keys: ["DESPAR"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Dunnes Stores", keys: ["DUNNESSTORES"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("SuperValu", keys: ["SUPERVALU"], dateOrder: .dayFirst),
        KnownMerchant("Kvickly", keys: ["KVICKLY"], currency: "DKK", dateOrder: .dayFirst),
        KnownMerchant("SuperBrugsen", keys: ["SUPERBRUGSEN"], currency: "DKK", dateOrder: .dayFirst),
        KnownMerchant("Stokrotka", keys: ["STOKROTKA"], currency: "PLN", dateOrder: .dayFirst),
        KnownMerchant("famila", keys: ["FAMILA"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Alnatura", keys: ["ALNATURA"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("denn's", keys: ["DENNSBIO"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Budni", keys: ["BUDNIKOWSKY"], wordKeys: ["BUDNI"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Billa", keys: [], wordKeys: ["BILLA"], dateOrder: .dayFirst),
        KnownMerchant("Interspar", keys: ["INTERSPAR", "EUROSPAR"], dateOrder: .dayFirst),
        KnownMerchant("Denner", keys: [], wordKeys: ["DENNER"], currency: "CHF", dateOrder: .dayFirst),
        KnownMerchant("Albert Heijn", keys: ["ALBERTHEIJN"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Hoogvliet", keys: ["HOOGVLIET"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Delhaize", keys: ["DELHAIZE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Colruyt", keys: ["COLRUYT"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Auchan", keys: ["AUCHAN"], dateOrder: .dayFirst),
        KnownMerchant("E.Leclerc", keys: ["LECLERC"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Intermarché", keys: ["INTERMARCHE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Monoprix", keys: ["MONOPRIX"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Franprix", keys: ["FRANPRIX"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Mercadona", keys: ["MERCADONA"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Eroski", keys: ["EROSKI"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Alcampo", keys: ["ALCAMPO"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("El Corte Inglés", keys: ["ELCORTEINGLES", "HIPERCOR"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Continente", keys: ["CONTINENTE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Pingo Doce", keys: ["PINGODOCE"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Esselunga", keys: ["ESSELUNGA"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Conad", keys: [], wordKeys: ["CONAD"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Eurospin", keys: ["EUROSPIN"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Biedronka", keys: ["BIEDRONKA"], currency: "PLN", dateOrder: .dayFirst),
        KnownMerchant("Żabka", keys: [], wordKeys: ["ZABKA"], currency: "PLN", dateOrder: .dayFirst),
        KnownMerchant("Rema 1000", keys: ["REMA1000"], currency: "NOK", dateOrder: .dayFirst),
        KnownMerchant("Bunnpris", keys: ["BUNNPRIS"], currency: "NOK", dateOrder: .dayFirst),
        KnownMerchant("ICA", keys: [], wordKeys: ["ICA"], currency: "SEK"),
        KnownMerchant("Willys", keys: ["WILLYS"], currency: "SEK"),
        KnownMerchant("Hemköp", keys: ["HEMKÖP", "HEMKOP"], currency: "SEK"),
        KnownMerchant("Føtex", keys: ["FØTEX", "FOTEX"], currency: "DKK", dateOrder: .dayFirst),
        KnownMerchant("Bilka", keys: ["BILKA"], currency: "DKK", dateOrder: .dayFirst),
        // Kesko's three store formats, each its own name.
        KnownMerchant("K-Citymarket", keys: ["KCITYMARKET"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("K-Supermarket", keys: ["KSUPERMARKET"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("K-Market", keys: ["KMARKET"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Hofer", keys: ["HOFER"], currency: "EUR", dateOrder: .dayFirst),
        KnownMerchant("Asda", keys: [], wordKeys: ["ASDA"], currency: "GBP", dateOrder: .dayFirst),
        KnownMerchant("Morrisons", keys: ["MORRISONS"], currency: "GBP", dateOrder: .dayFirst),
        KnownMerchant("Waitrose", keys: ["WAITROSE"], currency: "GBP", dateOrder: .dayFirst),
        KnownMerchant("Marks & Spencer", keys: ["MARKSSPENCER", "MARKS&SPENCER"], currency: "GBP", dateOrder: .dayFirst),
        // Last: other chains call their big shops superstores too ("TESCO SUPERSTORE", "CONAD SUPERSTORE"),
        // and the first chain in this list named on a line wins.
        KnownMerchant("Real Canadian Superstore", keys: ["SUPERSTORE"], currency: "CAD"),
    ]

    /// Whether a line (as a `LineLabel`) names this chain.
    /// - Parameter squeezed: the line's bytes without spaces, when the caller has built them for every chain.
    func isNamed(in label: LineLabel, rawUpper: String, squeezed given: [UInt8]? = nil) -> Bool {
        // Bytes, built once and only when a long or "&" key needs them: this runs for every chain on
        // every line, and character-wise filtering and searching dominated the parse.
        var squeezedBytes = given
        func squeezed() -> [UInt8] {
            if let squeezedBytes { return squeezedBytes }
            let bytes = Self.squeezed(rawUpper)
            squeezedBytes = bytes
            return bytes
        }
        // A key starts a word ("LIDL" in "www.lidl.de"), or is long enough to find inside run-together text
        // ("NOFRILLS"), but never hides inside another word ("REWE" in "BREWERY").
        let found = keys.indices.contains { index in
            let key = keyBytes[index]
            return label.hasWordStarting(with: key)
                || (keyIsLong[index] && (label.compactContains(key) || Self.bytes(squeezed(), contain: key)))
                || (!keyIsASCII[index] && Self.bytes(Array(rawUpper.utf8), contain: key))
        }
        if found { return true }
        return wordKeys.contains { key in
            // "T&T", "H-E-B": the label's words lose the punctuation; the line as printed keeps it.
            key.utf8.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "-") }
                ? Self.holdsWord(key, in: rawUpper) || squeezed().starts(with: key.utf8)
                : label.hasWord(key)
        }
    }

    /// Whether `word` is one of the line's words between spaces. On the bytes when both are ASCII, where a character
    /// is a byte: split into characters, every line cost a tenth of reading the merchant.
    private static func holdsWord(_ word: String, in line: String) -> Bool {
        guard line.utf8.allSatisfy({ $0 < 0x80 }), word.utf8.allSatisfy({ $0 < 0x80 }) else {
            return line.split(separator: " ").contains { $0 == word }
        }
        return line.utf8.split(separator: UInt8(ascii: " ")).contains { $0.elementsEqual(word.utf8) }
    }

    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// Whether a header line that is one word alone ("LIDE" for "LIDL") is this chain's name with
    /// one letter misread, or with one letter lost in a logo font ("RSSMANN"); only for keys of four
    /// letters or more (six to lose one), so short names never match by chance.
    func isNamedWithSlip(in label: LineLabel) -> Bool {
        guard label.words.count == 1, let word = label.words.first else { return false }
        return keys.contains { key in
            guard key.count >= 4, key.count <= 12 else { return false }
            if word.count == key.count { return zip(word, key).filter { $0 != $1 }.count == 1 }
            guard key.count >= 6, word.count == key.count - 1 else { return false }
            let keyLetters = Array(key)
            return keyLetters.indices.contains { index in
                var dropped = keyLetters
                dropped.remove(at: index)
                return String(dropped) == word
            }
        }
    }

    /// The first three bytes of every chain's keys. Every line of a text is searched for every chain,
    /// and most lines hold no key's start at all: testing that first saves a sixth of a parse.
    private static let allKeyStarts: Set<UInt32> = Set(all.flatMap { $0.keys + $0.wordKeys }.map { trigram(Array($0.utf8), at: 0) })

    private static func trigram(_ bytes: [UInt8], at start: Int) -> UInt32 {
        UInt32(bytes[start]) << 16 | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2])
    }

    /// The key starts among `bytes`' three-byte runs: chains none of whose keys starts there are not named there.
    private static func keyStartsIn(_ bytes: [UInt8]) -> Set<UInt32> {
        guard bytes.count >= 3 else { return [] }
        return Set((0...(bytes.count - 3)).lazy.map { trigram(bytes, at: $0) }.filter(allKeyStarts.contains))
    }

    /// A line's bytes without spaces or tabs, for `isNamed(in:rawUpper:squeezed:)`.
    static func squeezed(_ upperLine: String) -> [UInt8] {
        // Copied whole and squeezed in place: filtering the UTF-8 view grew the array byte by byte.
        var bytes = Array(upperLine.utf8)
        bytes.removeAll { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return bytes
    }

    /// The first known chain named on one of the text's lines at `indices`, with that line's index.
    /// Each line's squeezed bytes are built once for all the chains.
    static func find(in text: ReceiptText, at indices: some Sequence<Int>) -> (merchant: KnownMerchant, line: Int)? {
        let lines = Array(indices)
        for (position, index) in lines.enumerated() {
            guard let merchant = chain(on: index, in: text) else { continue }
            // A garbled logo may still show a short chain's word ("REAL CANADLAN SUPERST0RE": Germany's real,-); a chain
            // named on the next line whose key begins with that word ("Real Canadian Superstore") is the shop.
            if position + 1 < lines.count, !merchant.wordKeys.isEmpty, let next = chain(on: lines[position + 1], in: text),
               next != merchant, merchant.wordKeys.contains(where: { word in next.keys.contains { $0.hasPrefix(word) } }) {
                return (next, lines[position + 1])
            }
            return (merchant, index)
        }
        return nil
    }

    /// The first known chain named on the text's line at `index`.
    private static func chain(on index: Int, in text: ReceiptText) -> KnownMerchant? {
        let upper = text.upperLines[index]
        let squeezed = squeezed(upper)
        // Only the chains one of whose keys starts somewhere in the line: there are over a hundred, and
        // most lines hold no key's start at all. Lines with other than ASCII are always searched: the
        // Chinese keys are not ASCII.
        let present = keyStartsIn(squeezed).union(keyStartsIn(Array(text.labels[index].compact.utf8)))
        guard !present.isEmpty || squeezed.contains(where: { $0 >= 0x80 }), !isProductOrCardLine(text.lines[index]) else { return nil }
        return all.first { chain in
            (chain.keyStarts.map { $0.contains(where: present.contains) } ?? true)
                && chain.isNamed(in: text.labels[index], rawUpper: upper, squeezed: squeezed)
        }
    }

    /// A chain named on a line with a price or a masked card number is a product or a loyalty card
    /// ("ROLLER KIT 230MM  14.98", "REAL REWARDS  ******7720"), not the shop; a line of words
    /// ("Vielen Dank für Ihren Einkauf bei Lidl") or an address may name it.
    static func isProductOrCardLine(_ line: String) -> Bool {
        priceOrCard.isMatched(by: line)
    }

    private static let priceOrCard = Pattern(#"[*Xx]{3}\d{3}|\d[.,]\d{2}\b"#, needsOneOf: Pattern.digits, digitRun: 2)
}
