import Foundation

/// Reads purchased lines from the item region (above the first subtotal/total line).
///
/// A row is a description with its price anchored at the right, optionally preceded by
/// an item code (Costco), followed by a UPC (Walmart) and a tax flag. The lines around
/// it refine it: a weight or quantity line ("0.840 kg @ $3.26/kg", "2 @ $0.24",
/// "3 @ 2/$3.00", "2 x 0,79") sets quantity and unit price of the item it belongs to,
/// and a discount line ("3.00-", "-3.00", "TPD/1234567 3.00-") is subtracted from the
/// item above (see `ParsedLineItem` for the convention).
enum LineItemExtractor {
    // The operator between weight and price may be left out when the price says what it is per:
    // "0,986 kg  1,99 €/kg  1,96" (Spain). Australia's tills say the weight is net ("0.824 kg NET @ $3.90/kg").
    // Fuel by the litre at a price of three decimals ("22.857 L @ RM 1.750").
    private static let weightLine = Pattern(#"(\d+[.,]\d{1,3})\s?(KG|LB|LBS|G|L)\b\.?\s*(?:NETT?\s*)?(?:(?:@|X|×|\*)\s*(?:\$|€|£|RM)?\s?(\d+[.,]\d{2,3})\s*(?:EUR|€|\$|£)?\s*(?:/\s*(KG|LB|100\s?G))?|(?:\$|€|£|RM)?\s?(\d+[.,]\d{2})\s*(?:EUR|€|\$|£)?\s*/\s*(KG|LB|100\s?G))"#, needsOneOf: ".,", digitRun: 2)
    // Italian tills put the unit first: "KG 0,770 X 2,49" under the article's line.
    private static let unitFirstWeightLine = Pattern(#"\b(KG|LB)\s?(\d+[.,]\d{1,3})\s*(?:@|X|×|\*)\s*(?:\$|€|£)?\s?(\d+[.,]\d{2})"#, needsOneOf: ".,", digitRun: 2)
    // Walmart US prices a weight per one unit: "2.09 lb @ 1 lb /0.59".
    // Faint print reads "lb" as "1b".
    private static let perOneUnitWeightLine = Pattern(#"(\d+[.,]\d{1,3})\s?(KG|LB|[1I]B)\b\.?\s*@\s*1\s?(?:KG|LB|[1I]B)\s*/\s*(?:\$|€|£)?\s?(\d+[.,]\d{2})"#, needsOneOf: "@", digitRun: 2)
    // The count may carry its packaging unit, whatever the shop calls it: "2 Stk x", "2 Rolle x", "5 Pack ×".
    // Counts printed with zero decimals ("2,000 ×") are counts too. The article number may come first
    // (IKEA's "002.638.50   1 x 59,00", a hardware store's EAN).
    // Walmart prints a multi-buy as "2 AT 1 FOR 1.29"; a price under a dollar may lack its 0 ("10 X RM .90").
    // The count may be labelled ("Qty 2 @ $2.40 each"). OCR may read the unit's S as a 5 and put specks in it ("3 S'tk x", "4 5tk x").
    // OCR may put a speck after the sign ("4 Stk x' 0,99").
    private static let quantityLine = Pattern(#"^\s*(?:QTY\s*)?(?:\d{3}[.-]\d{3}[.-]\d{2,3}\s+|\d{5,14}\s+)?(\d{1,3})(?:[.,]0{2,3})?\s*(?:[A-ZÄÖÜ5][A-ZÄÖÜ'’`´]{0,7})?\.?\s*(?:@|X|×|\*|\bAT\b)['‘’`´]?\s*(?:(\d+)\s*(?:/|\bF[O0]R\b)\s*)?(?:\$|€|RM)?\s?(\d*[.,]\d{2})(?!\d)"#, needsOneOf: ".,", digitRun: 2)
    private static let countTimes = Pattern(#"^\s*\d{1,3}(?:[.,]0{2,3})?\s*(?:[A-ZÄÖÜ]{1,8})?\.?\s*(?:@|X|×|\*)\s*$"#, needsOneOf: Pattern.digits)
    private static let inlineQuantity = Pattern(#"\s(\d{1,3})\s*(?:@|X|×|\*)\s*(?:\$|€)?\s?(\d+[.,]\d{2})\s*$"#, needsOneOf: ".,", digitRun: 2)
    // A count and unit price ending a name whose total the till wrapped onto the next line:
    // "CLASSICO SAUCE 650ML   2 @   3.99" / "7.98 T"; Walmart's "2 AT 1 FOR" too.
    // The count may have its unit ("2 st x", "3 ks x").
    private static let countAtUnitPrice = Pattern(#"\s(\d{1,3})\s*(?:[A-ZÄÖÜ]{1,4}\.?\s*)?(?:@|X|×|AT\s1\sF[O0]R)\s*(?:\$|€)?\s*$"#, needsOneOf: Pattern.digits)
    private static let priceTimesCount = Pattern(#"\s(\d+[.,]\d{2})\s*(?:X|×|\*)\s*(\d{1,3})\s*$"#, needsOneOf: ".,", digitRun: 2)
    // An item code before the name: "512345", "4011-2", Canadian Tire's "043-2211-4".
    private static let leadingCode = Pattern(#"^(?:[A-Z]\s+)?(\d{4,14}(?:-\d{1,8})?|\d{2,4}-\d{3,8}-\d{1,4})\s+"#, caseInsensitive: false,
                                             needsOneOf: Pattern.digits, digitRun: 3)
    private static let trailingUPC = Pattern(#"\s(\d{8,14})\s*[A-Z]{0,2}\s*$"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 8)
    private static let flagBeforePrice = Pattern(#"\s{2,}([A-Z]{1,4})\s*$"#, caseInsensitive: false)
    // What may follow a price: a tax flag ("J", "HMRJ", "B"), a marker ("*C", "xC": no discount), OCR
    // debris (":", "'"), a marker OCR read as another symbol ("≠C", "★B"), Japan's reduced-rate mark
    // ("¥230軽"), or the item's VAT rate, which Italian tills print after the price ("1,29 4%", "3,49 22%").
    // Five capitals are Loblaw's flags where two taxes apply ("GPMRJ": GST, PST and its programmes).
    // Not a unit ("/kg") or another rate.
    private static let flag = Pattern(#"^(?:(?:[A-Za-z0-9軽]|[[\p{S}\p{P}]--[/%@]]){0,4}|[A-Z]{5}|\d{1,2}(?:[.,]\d{1,2})?%)$"#, caseInsensitive: false)
    // A price with the tax flag glued on and read as one or two digits or letters: "1,598" or
    // "1,5958" for "1,59 B", "0,99A" for "0,99 A"; a saving's too ("-0,601" for dm's "-0,60 1").
    private static let gluedFlagPrice = Pattern(#"\s(-?)(\d{1,4})[.,](\d{2})[\dA-Z]{1,2}\)?\s*$"#, caseInsensitive: false, needsOneOf: ".,", digitRun: 2)
    // A price whose decimal point OCR dropped or turned into a colon or a space, after a column gap: "MOSER ROTH   196",
    // "KRAFT DNNER   068100058925   1 27 D". Three or four digits only: five bare digits in a row are a code
    // column (IKEA's "Artikel 50319963   22621"). The currency's sign may stand before it ("Tomorrow  £999 Z").
    private static let undottedPrice = Pattern(#"\s{2,}(?:[£$€]\s?)?(\d{1,2})[:; ]?(\d{2})\s*([A-Z]{0,2})$"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 2)
    // A negative amount without its point: a minus, three or four digits, perhaps a tax flag.
    private static let undottedNegative = Pattern(#"\S\s{2,}-\s?(\d{1,2})(\d{2})\s*[A-Z]?$"#, caseInsensitive: false, needsOneOf: "-", digitRun: 3)
    // Without a column gap ("KERRYGOLD BUTTER 229 B", "PERSIL GEL 1L 14990 A"), bare digits are a price only
    // before the tax flag the receipt's priced rows carry (`ownFlags`): else they may be a name's number.
    // Without a gap or a flag ("SPREMUTA ARANCIA 300"): a price only when the arithmetic says so (`PriceSource.unconfirmed`).
    private static let bareDigitsRow = Pattern(#"^(.*\p{L}.*?)\s(\d{1,2})(\d{2})$"#, needsOneOf: Pattern.digits, digitRun: 3)
    // A row that starts with its article's number, as warehouse and wholesale tills print them ("E  1533077 NATURE"):
    // six to ten digits (fewer are a count, a price or a postal code before its town, more a card's or a receipt's number).
    private static let articleNumberFirst = Pattern(#"^\s*(?:[A-Z]\s+)?\d{6,10}\s+\p{L}"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 6)
    // An undotted total, perhaps its flag, before a quantity line run onto its row (`mergedQuantity`).
    private static let undottedBeforeCount = Pattern(#"\s(\d{3,5})\s*([A-Z]{0,2})\s*$"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 3)
    // The flag may be glued on when it is letters ("SCREWDRVR SET 2499G"); digits glued on would be the number's own.
    private static let flaggedUndottedPrice = Pattern(#"\s(\d{1,3})(\d{2})(?:\s+([A-Z0-9]{1,5})|([A-Z]{1,5}))$"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 3)
    // A weighed item's line of bare numbers under a column header ("kg  EURO/kg  EURO"):
    // weight, price per unit, total ("0,158  1,19  0,19"); taken only when the arithmetic holds.
    private static let bareWeightRow = Pattern(#"^\s*(\d{1,3}[.,]\d{3})\s+(\d{1,4}[.,]\d{2})\s+(\d{1,5}[.,]\d{2})\s*[A-Z]?\s*$"#, needsOneOf: ".,", digitRun: 3)
    /// A saving named by its rate alone, the minus before it ("-25% PICKERL  0,70 B", "- 30 % Rabatt").
    private static let percentOff = Pattern(#"^\s*-\s?\d{1,2}\s?%"#, needsOneOf: "%")
    // A rate anywhere on a tax row. Looser than `ReceiptAnalyzer.rate`, which reads the rate's
    // value: here OCR's "Incl.6% GST" (a point glued before the rate) still marks the row as the tax's.
    private static let taxRate = Pattern(#"\d(?:[.,]\d{1,2})?\s?%"#, needsOneOf: "%", digitRun: 1)
    // A count and its packaging unit, maybe then its unit price and discount, where a name would be
    // ("1.000 STK   20.99 19", "1 PC   9.000  0.00   9.00", "2pc  1.15   2.30"): the row prices the name
    // printed above it. OCR may lose the count's digits ("000 STK").
    private static let countAndUnit = Pattern(
        #"^[-–.\s]*(\d{1,4})(?:[.,](\d{1,3}))?\s*(?:STK|STCK|STÜCK|ST|PCE|PCS|PC|PKT|PK|PACK|SET|SETS|BOX|BOXS|BOXES|BTL|EA|UNITS?)\.?((?:\s+[&$@]?\d+(?:[.,]\d+)?-?)*)$"#,
        needsOneOf: Pattern.digits)
    // Bare digits right after a quantity row's unit price, then at most a tax flag.
    private static let bareTotal = Pattern(#"^\s+(\d{3,6})\s*[A-Z0-9]{0,2}\s*$"#, needsOneOf: Pattern.digits, digitRun: 3)
    // A row's leading count and unit price ("1 x  5.90  "), before the name some tills print next.
    private static let quantityLead = Pattern(#"^\s*\d{1,3}\s*(?:X|×|@|\*)\s*(?:\$|€|RM)?\s?\d+[.,]\d{2}\s+"#, needsOneOf: ".,", digitRun: 2)
    // Columns of a count and a unit price alone before the total, under the item's name ("PAINT BRUSH" /
    // "2    6.50    13.00"): the count times the price must be the total.
    private static let bareCountAndUnitPrice = Pattern(#"^\s*(\d{1,4})\s+(\d{1,5}[.,]\d{2})\s*$"#, needsOneOf: ".,", digitRun: 2)
    // The same two columns at a row's start, before a total (`bareTotal`).
    private static let bareCountAndUnitPriceFirst = Pattern(#"^\s*(\d{1,3})\s+(\d{1,5}[.,]\d{2})"#, needsOneOf: ".,", digitRun: 2)
    // A count and a unit price in columns beside the name, whichever the order, checked by their
    // product being the row's total: "NASI LEMAK   2   3.50   7.00", "PFAND   0,25   2   0,50",
    // "2 BANANEN   0,25   0,50". A count printed with "x" needs no unit price: "2 x NASI GORENG   8.00".
    private static let trailingCountAndUnit = Pattern(#"^(.*?\p{L}.*?)\s+(\d{1,3}(?:[.,]\d{3})?)\s+(\d{1,5}[.,]\d{2})$"#, needsOneOf: ".,", digitRun: 2)
    private static let trailingUnitAndCount = Pattern(#"^(.*?\p{L}.*?)\s+(\d{1,5}[.,]\d{2})\s+(\d{1,3})$"#, needsOneOf: ".,", digitRun: 2)
    private static let leadingCountAndUnit = Pattern(#"^(\d{1,3})\s*(?:[X×*]\s*)?\s(.*?\p{L}.*?)\s+(\d{1,5}[.,]\d{2})$"#, needsOneOf: ".,", digitRun: 2)
    private static let leadingCountTimes = Pattern(#"^(\d{1,3})\s*[X×*]\s*(\p{L}.*)$"#, needsOneOf: Pattern.digits)
    private static let leadingCount = Pattern(#"^(\d{1,2})\s+(\p{L}.*)$"#, needsOneOf: Pattern.digits)
    private static let trailingCode = Pattern(#"\s+(\d{4,5})$"#, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 4)
    private static let rateColumn = Pattern(#"\S(?:\s{2,}(?:[4-9]|[12]\d)(?:[.,]0{1,2})?\s?%\s{2,}|\s+(?:[4-9]|[12]\d)[.,]00\s?%\s+)"#, needsOneOf: "%", digitRun: 1)
    private static let decimalSeparator = Pattern(#"\d[.,]|[.,]\d"#, needsOneOf: ".,", digitRun: 1)
    private static let gappedRow = Pattern(#"^(\S.*?\S)\s{3,}(\S.{0,9})$"#)
    private static let maskedNumber = Pattern(#"^[xX*#•]{2,}\s?\d{2,}$"#)
    // A phone, a web address, a five-digit postal code before its town, a Canadian postcode. Apart, so that each is
    // handed only lines that can hold it: as one, the alternatives were tried at every letter of the header's lines.
    private static let contactLine = [Pattern(#"\bTEL\b|TELEFON|PHONE"#), Pattern(#"WWW\.|\.DE\b|\.COM\b"#, needsOneOf: "."),
                                      Pattern(#"\b\d{5}\s+[A-ZÄÖÜ][A-ZÄÖÜ]+"#, needsOneOf: Pattern.digits, digitRun: 5, digitRunAtMost: 5),
                                      Pattern(#"\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b"#, needsOneOf: Pattern.digits, digitRun: 1, digitRunAtMost: 1)]
    private static let date = Pattern(#"\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}:\d{2}"#, needsOneOf: "-/.:", digitRun: 2)
    /// Headers of the articles brought back, in English, French, German, Spanish and Dutch.
    private static let returnWords: Set<String> = ["RETURN", "RETURNS", "REFUND", "REMBOURSEMENT", "RETOUR", "RUECKGABE",
                                                   "DEVOLUCION", "RETOURNEMENT"]
    private static let discountWords: PhraseList = ["SAVINGS", "SAVING", "DISCOUNT", "DISC", "TPD", "INSTANT", "COUPON", "RABATT",
                                        "PREISVORTEIL", "NACHLASS", "MULTI BUY", "MULTIBUY", "PROMO", "REDUCTION", "ERMAESSIGUNG"]
    // Quebec's consigne; California's redemption value ("CA REDEMPTION VAL", Ralphs' "CA REDMP VAL"); the Czech and
    // Slovak záloha, the Polish kaucja.
    private static let depositWords: PhraseList = ["DEPOSIT", "PFAND", "LEERGUT", "BOTTLE DEP", "CONTAINER DEP", "BOTTLE RETURN", "CONSIGNE",
                                       "REDEMPTION VAL", "REDEMP VAL", "REDMP VAL", "ZALOHA", "KAUCJA",
                                       // Hungary's deposit on bottles and cans (2024): "visszaváltási díj", on glass "üveg…".
                                       "VISSZAVALTASI", "UVEGVISSZAVALTASI"]
    /// Short deposit words, whole only ("PANTENE", "PANTS" are products): the Nordic countries' pant, Belgium's
    /// and France's vidange, the Netherlands' statiegeld, Flanders' leeggoed, California's CRV.
    private static let depositWholeWords: Set<String> = ["PANT", "PANTTI", "PANTTIA", "VIDANGE", "VIDANGES", "STATIEGELD", "LEEGGOED", "CRV"]
    /// Those long enough to be recognised with an OCR slip ("Stafiegeld").
    private static let longDepositWords: [KeywordPhrase] = depositWholeWords.filter { $0.count > 6 }.map(KeywordPhrase.init)
    /// Column names and units; "S" and "U" are of "S/PRICE" and "U/PRICE".
    private static let columnWords: Set<String> = ["KG", "G", "LB", "LBS", "EUR", "EURO", "USD", "CAD", "RM", "STK", "ST", "X",
                                                   "QTY", "PRICE", "AMOUNT", "UNIT", "TOTAL", "PREIS", "MENGE", "BETRAG", "ANZAHL",
                                                   "DESCRIPTION", "DESC", "ITEM", "ITEMS", "CODE", "NAME", "S", "U", "TAX",
                                                   "BEZEICHNUNG", "ART", "NR", "ARTNR", "PLU", "EAN", "SKU",
        // The same columns in French, Spanish, Portuguese, Italian, Dutch and the Nordic languages.
        "DESIGNATION", "DÉSIGNATION", "QTE", "QTÉ", "PRIX", "MONTANT", "TVA", "DESCRIPCION", "DESCRIPCIÓN", "CANT", "CANTIDAD",
        "PRECIO", "IMPORTE", "IVA", "DESCRICAO", "DESCRIÇÃO", "QTD", "VALOR", "DESCRIZIONE", "QUANTITA", "QUANTITÀ", "PREZZO",
        "OMSCHRIJVING", "AANTAL", "PRIJS", "BEDRAG", "BTW", "ANTAL", "PRIS", "BELOPP", "VARE", "BELØP", "MOMS", "MVA",
        // Swedish, Finnish, Polish and Czech; their currencies.
        "BESKRIVNING", "VARA", "SUMMA", "KUVAUS", "TUOTE", "HINTA", "NAZWA", "ILOŚĆ", "CENA", "WARTOŚĆ", "POLOŽKA", "MNOŽSTVÍ",
        "SEK", "NOK", "DKK", "KR", "PLN", "ZŁ", "CZK", "KČ", "CHF", "GBP", "ARTIKEL"]
    /// Column names long enough to be recognised with an OCR slip ("0mschrijving"), as bytes: tested on many lines.
    private static let longColumnWords = columnWords.filter { $0.count >= 6 }.map { Array($0.utf8) }
    /// A measure alone on its line, under its article's name and above its price ("5-LB", "200 ST"): its unit is a
    /// column's name, but a header has no number.
    private static let measureAlone = Pattern(#"^\s*\d+(?:[.,]\d+)?\s?-?\s?(?:KG|G|LB|LBS|L|ML|OZ|ST|STK)\.?\s*$"#, needsOneOf: Pattern.digits)
    /// A pack's size alone ("8p", "500g", "6PK"), which ends an article's name; no count of pieces ("1.000 STK").
    private static let packSize = Pattern(#"^\s*\d+\s?(?:KG|G|LB|L|ML|CL|OZ|PK|P|ER)\s*$"#, needsOneOf: Pattern.digits)
    /// The price before a sale, and perhaps the word for the sale, left of the price paid: "ORIG 40.00  SALE".
    private static let wasPriceOnly = Pattern(#"^\s*(?:ORIG|REG|WAS|RRP)\.?\s*\$?\s?\d+[.,]\d{2}\s*(?:[A-Z0-9]{3,5})?\s*$"#, needsOneOf: ".,", digitRun: 2)
    /// An article's number alone, left of a price alone: "135116  39.99" under "HP 64XL Black Ink".
    private static let codeOnly = Pattern(#"^\s*\d{4,14}\s*$"#, needsOneOf: Pattern.digits, digitRun: 4)
    private static let rateOnly = Pattern(#"^\s*\d{1,2}(?:[.,]\d{1,2})?\s?%\s*$"#, needsOneOf: "%", digitRun: 1)
    /// Currency codes printed as labels' last words ("EINZELPREIS EUR 9,95"); no names of anything.
    static let currencyWords: Set<String> = ["EUR", "EURO", "USD", "CAD", "GBP", "CHF", "MYR"]
    private static let itemColumnWords: Set<String> = ["DESCRIPTION", "DESC", "ITEM", "ITEMS", "NAME", "BEZEICHNUNG", "QTY",
        "MENGE", "ANZAHL", "DESIGNATION", "DÉSIGNATION", "QTE", "QTÉ", "DESCRIPCION", "DESCRIPCIÓN", "CANT", "CANTIDAD",
        "DESCRICAO", "DESCRIÇÃO", "QTD", "DESCRIZIONE", "QUANTITA", "QUANTITÀ", "OMSCHRIJVING", "AANTAL", "ANTAL", "VARE",
        "BESKRIVNING", "VARA", "KUVAUS", "TUOTE", "NAZWA", "POLOŽKA"]
    private static let longItemColumnWords = itemColumnWords.filter { $0.count >= 6 }.map { Array($0.utf8) }
    // France's eco-participation on appliances and furniture (short "Eco-part.", or "DEEE", the electrical waste it
    // pays for), Quebec's écofrais on paint and electronics.
    private static let feeWords: PhraseList = ["ECO FEE", "ENVIRO", "ENVIRONMENTAL", "EHF", "ENV FEE", "RECYCLING", "RECYCLE FEE", "LEVY",
                                               "ECOFRAIS", "ECOPARTICIPATION", "ECO PART", "ECOPART", "DEEE",
                                               // A charge for the checkout bag by law (Washington's and California's 8 or 10 cents).
                                               "BAG FEE", "BAG CHARGE"]
    /// Fees named by an abbreviation alone, or with the number of the article they belong to: British Columbia's
    /// container recycling fee ("CRF  0.06", Costco's "CRF/1009211") beside a drink's deposit. With other words it
    /// is a brand ("CRF YAOURT NATURE X8", Carrefour's own).
    private static let feeAbbreviations: Set<String> = ["CRF"]

    private static func isNamedFee(_ description: String) -> Bool {
        let words = LineLabel(description).words
        return words.first.map(feeAbbreviations.contains) == true && words.dropFirst().allSatisfy { $0.allSatisfy(\.isNumber) }
    }
    private static let notItemWords: [KeywordPhrase] = ["UHR", "TEL", "PHONE", "FAX", "DATE", "DATUM", "CASHIER", "INVOICE", "RECEIPT", "TABLE",
                                       "MEMBER", "KASSE", "BON", "BELEG", "TERMINAL", "CHANGE", "GST ID", "POINTS", "PUNKTE",
                                       "ARTIKEL", "POSTEN", "URL", "WWW", "SALESPERSON", "QTY", "PAY",
                                       "EINZELPREIS",   // the unit price under a quantity row ("Einzelpreis  EUR 9,95")
                                       "RETURN VALUE",  // Walgreens: what the item above refunds, after its savings
                                       "WAS", "REG PRICE", "REGULAR PRICE", "CLUB PRICE", "RRP",   // the price before a sale
                                       // Poland's sales per VAT group ("Sprzed. opod. PTU A  45,97"): the VAT table's rows.
                                       "SPRZED OPOD", "SPRZEDAZ OPODATKOWANA",
                                       // The till, the cashier and the invoice in Spanish, French, Italian and Portuguese
                                       // ("CAJA 14", "Cajero 3318", "BOLETA ELECTRONICA Nº 1188227").
                                       "CAJA", "CAJERO", "CAISSE", "CASSA", "CAIXA", "BOLETA", "FACTURA"]

    /// - Parameter facts: each line's amounts, label and summary kind (`LineFacts`), read once by the caller.
    static func extract(from text: ReceiptText, facts: [LineFacts], in region: Range<Int>, profile: StrategyProfile) -> [ParsedLineItem] {
        var items: [ParsedLineItem] = []
        var pendingName: (text: String, code: String?, line: Int)?
        // A row without a price that is too number-heavy to wait as a name ("RYET LEDL GU10 2001m  22237"):
        // it names a quantity line right below that prints a total of its own and fits no item above.
        var unpricedRow: (text: String, code: String?, line: Int)?
        var pendingQuantity: ReadQuantity?
        var nameLine: Int?
        // A "RETURN" header: the negative rows right under it are articles brought back, not discounts.
        var returnHeader: Int?
        // The header block ends with the shop's contact lines (phone, web address, postal code).
        let headerEnd = region.prefix(20).last { index in contactLine.contains { $0.isMatched(by: text.upperLines[index]) } } ?? -1
        let flags = ownFlags(facts, in: region)
        // A discount takes from the item above; a deposit printed under its product ("CA REDEMP VAL  0.60")
        // takes none: the product does.
        func attachSaving(_ saving: Decimal) {
            guard let last = items.lastIndex(where: { $0.category != "deposit" }) ?? items.indices.last else { return }
            items[last].discount = (items[last].discount ?? 0) + saving
            items[last].total -= saving
        }
        // At the item table's header: a name waiting above it, or rows whose price seemed lost
        // ("Kvitto nr 4412    Kassa 3") before any priced row, are header text, not items.
        // (A header-like line after priced rows, "Item(s): 4  Qty(s): 4", or with a number, "ART/EAN 4002245704800",
        // is no table's start.)
        func startTable(_ line: String) {
            pendingName = nil
            unpricedRow = nil
            if items.allSatisfy({ $0.price == .unreadable }), !holdsNumber(line) { items.removeAll() }
        }

        for index in region where index != nameLine {
            let line = text.lines[index]
            let upper = text.upperLines[index]
            let amounts = facts[index].amounts
            let label = facts[index].label
            // A header's column may be named like a total ("Summa(SEK)"); "Total Qty  2" is a count, no header.
            if amounts.isEmpty, let kind = facts[index].kind, kind != .count, !holdsNumber(line), isColumnHeader(line) {
                startTable(line)
                continue
            }
            // A tax or tender word may be part of a product's name; with a rate ("GST 6%", "TAX AMT (Z) 0%") or
            // alone ("TAX  0.32") the row is the tax's, and a tender word alone ("CASH  73.00") is the payment.
            // A product named like the change ("Zurück zum Ursprung Joghurt  0,99 A") carries the receipt's tax flag.
            // So may a weak total's ("Colgate Total 75ml  279 A"), when the price column ends in such a flag.
            if let kind = facts[index].kind, isSummary(kind) && !(kind == .change && isFlaggedProduct(label, amounts, flags))
                    && !(kind == .savings && isItemsSaving(amounts, line: index, items: items))
                    && !(isNamedTotal(kind, label) && label.words.last.map(flags.contains) == true)
                || (isTax(kind) && (taxRate.isMatched(by: line) || label.words.count == 1))
                || (isTender(kind) && label.words.count == 1) {
                pendingName = nil
                continue
            }
            if amounts.isEmpty, label.words.count <= 3, label.words.contains(where: returnWords.contains) {
                returnHeader = index
                pendingName = nil
                continue
            }
            // "Qty 2 @ $2.40 each  4.80" prices the name above; "QTY 5" alone is bookkeeping.
            if isBookkeeping(label) && !(label.words.first == "QTY" && quantityLine.isMatched(by: upper)) || date.isMatched(by: line) {
                // "Item  Qty  S/Price  Amount" holds a bookkeeping word and still starts the table.
                if isColumnHeader(line) { startTable(line) }
                continue
            }

            // Read as the amounts are, with an O taken for a 0 ("O,912 kg x 24,95") and an l for a 1 ("2 X l.90").
            let repaired = AmountScanner.repairDigits(line)
            if let quantity = readQuantity(repaired == line ? upper : repaired.uppercased(), amounts: amounts) ?? bareWeight(upper, above: text.upperLines[max(region.lowerBound, index - 2)..<index]) {
                // A row of codes between an item whose price is unreadable and this line is that item's
                // article code ("EPOXY PUTTY+ (2 X 50GM)  *S" / "WA17 - 12/144" / "9555075106825  1 X 8.50  8.50").
                let codeOfItemAbove = items.last.map { $0.price == .unreadable && $0.lineIndex == index - 2 } ?? false
                // A name right above is the row's ("KUAT HARIMAU BLEACH" / "2 × 5.51 (Disc: 1.53)"); else one on the row itself.
                let nameAbove = pendingName.flatMap { $0.line == index - 1 ? $0 : nil }
                // A tilted photo's line may run an article and its total into the weight line below it
                // ("QUESO IDIAZABAL  7,14 R  0,312 kg x 22,90 €/kg"): the total is the weight times the price.
                if nameAbove == nil, quantity.total == nil, var item = gluedWeighedItem(line, amounts: amounts, quantity: quantity,
                                                                                         line: index, profile: profile) {
                    apply(quantity, to: &item)
                    items.append(item)
                    pendingName = nil
                    unpricedRow = nil
                    continue
                }
                let name = nameAbove ?? inlineName(line, total: quantity.total == nil ? nil : amounts.last, line: index) ?? pendingName
                    ?? quantity.total.flatMap { total in
                    unpricedRow.flatMap { row in
                        row.line == index - 1 && !codeOfItemAbove && !(items.last.map { matches($0, quantity) } ?? false) ? row : nil
                    }
                }
                unpricedRow = nil
                if let name, let total = quantity.total {
                    items.append(ParsedLineItem(description: name.text, quantity: quantity.count, unit: quantity.unit,
                                                unitPrice: quantity.unitPrice, total: total,
                                                taxCode: amounts.last.flatMap { taxCode(after: $0, profile: profile) },
                                                code: name.code, lineIndex: name.line))
                    pendingName = nil
                } else if let last = items.indices.last, items[last].price == .unreadable, items[last].lineIndex >= index - 2,
                          let total = quantity.total {
                    // The item above printed its tax class where the price goes; its price is on this line.
                    items[last].total = total
                    items[last].price = .printed
                    apply(quantity, to: &items[last])
                } else if let last = items.indices.last, items[last].quantity == 1, items[last].unit == nil,
                          matches(items[last], quantity) {
                    apply(quantity, to: &items[last])
                } else if let last = items.indices.last, items[last].lineIndex == index - 1, items[last].discount == nil,
                          let total = quantity.total, let measure = gluedMeasure(text.lines[index - 1], amount: facts[index - 1].amounts.last) {
                    // The amount above was the name's measure with its unit glued on ("WASHER FLUID -45C 3.78L" / "2 @ 5.99  11.98").
                    items[last].description += " " + measure
                    items[last].total = total
                    items[last].taxCode = amounts.last.flatMap { taxCode(after: $0, profile: profile) }
                    apply(quantity, to: &items[last])
                } else {
                    pendingQuantity = quantity
                }
                continue
            }

            // An undotted price after the last amount, which is then a measure in the name ("KARJALA OLUT 0,33 6PK   999",
            // "LESSIVE SKIP 1,35L   999 2"),
            // or a price with its flag glued on that is the count times the unit price before it ("Vollmilch 2 x 1.45   2.901").
            let digitsOnly = amounts.isEmpty ? undotted(line) ?? flaggedUndotted(line, flags: flags)
                : amounts.last.flatMap { last in
                    flag.isMatched(by: last.trailing) ? nil
                        : (undotted(line) ?? flaggedUndotted(line, flags: flags) ?? gluedFlag(line).flatMap { isCountTimes(last, $0, in: line) ? $0 : nil })
                            .flatMap { $0.location >= last.end ? $0 : nil }
                }
            guard let price = digitsOnly ?? amounts.last ?? gluedFlag(line) else {
                // A saving whose point OCR lost ("RABATT 20%   -100 A", "Aktion   -042") still takes its cents
                // from the item above; read as a row with an unreadable price it was an article.
                if !items.isEmpty, let saving = undottedSaving(line) {
                    attachSaving(saving)
                    pendingName = nil
                    continue
                }
                if isColumnHeader(line), !measureAlone.isMatched(by: upper) {
                    startTable(line)
                    continue
                }
                // Garbled rows count only once real item rows have begun; above them is header noise.
                if index > headerEnd || items.contains(where: { $0.price == .printed }), let name = unreadablePriceRow(line),
                   !isBookkeeping(LineLabel(name.uppercased())) {
                    var item = ParsedLineItem(description: name, total: 0, lineIndex: index)
                    item.price = .unreadable
                    items.append(item)
                    pendingName = nil
                } else if let row = itemRow(line, price: 0, flag: "", line: index, profile: profile) {
                    // Its bare digits may be its price; or a name's number, the row priced by a line below.
                    if index > headerEnd, let item = bareDigitsItem(line, line: index) { items.append(item) }
                    if MerchantExtractor.isNameLike(row.description.uppercased()) || LineFacts.startsWithArticleNumber(line) {
                        // A name waiting for its weight or quantity line ("BANANAS" / "1.210 kg @ $1.52/kg 1.84").
                        pendingName = (row.description, row.code, index)
                    } else {
                        let (name, code) = splitTrailingCode(row.description)
                        unpricedRow = (name, row.code ?? code, index)
                    }
                }
                continue
            }
            let description = AmountScanner.label(of: line, before: price)
            // A quantity line whose unit price OCR garbled ("2 Stk x   660") names nothing.
            if countTimes.isMatched(by: description.uppercased()) { continue }
            // A price alone on its line prices the name right above it, whose row OCR split in two
            // ("GV BREAD" / "2.27 D"), also after its VAT rate ("BISCOTTI MULINO BIANCO" / "10,00% 2,49")
            // or the article's number, which some tills print under the name ("HP 64XL Black Ink" / "135116  39.99"),
            // or the price before the sale ("SONOMA HENLEY TEE" / "ORIG 40.00  SALE  19.99 T").
            // The name may go on in a short line of its own between them ("GRIP-RITE 3-IN DECK SCREWS" / "5-LB" / "27.98").
            let goesOn = unpricedRow.flatMap { row in
                row.line == index - 1 && pendingName?.line == index - 2 && row.text.split(separator: " ").count <= 2 ? row : nil
            }
            let wasPrice = amounts.count == 2 && wasPriceOnly.isMatched(by: description.uppercased())
            if let name = pendingName, name.line == index - 1 || goesOn != nil, amounts.count == 1 || wasPrice, price.value > 0,
               description.isEmpty || rateOnly.isMatched(by: description) || codeOnly.isMatched(by: description) || wasPrice
                || packSize.isMatched(by: description.uppercased()),
               flag.isMatched(by: price.trailing),
               // A pack's size is the name's end, which a tilted photo broke off ("Toalettpapper" / "8p   39,90 X");
               // a count of pieces ("1.000 STK") is not.
               let item = itemRow((goesOn.map { name.text + " " + $0.text } ?? name.text)
                                    + (packSize.isMatched(by: description.uppercased()) ? " " + description : ""), price: price.value,
                                  flag: price.trailing.filter(\.isLetter).uppercased(), line: name.line, profile: profile) {
                items.append(ParsedLineItem(description: item.description, quantity: item.quantity, unitPrice: item.unitPrice,
                                            total: item.total, taxCode: item.taxCode, code: name.code ?? item.code, lineIndex: name.line))
                pendingName = nil
                unpricedRow = nil
                continue
            }
            if let (count, unitPrice) = quantityRow(description, total: price.value),
               let name = pendingName ?? unpricedRow.flatMap({ $0.line == index - 1 ? $0 : nil }) {
                items.append(ParsedLineItem(description: name.text, quantity: count, unitPrice: unitPrice,
                                            total: price.value, taxCode: taxCode(after: price, profile: profile),
                                            code: name.code, lineIndex: name.line))
                pendingName = nil
                unpricedRow = nil
                continue
            }
            let descriptionLabel = LineLabel(description)
            // German compounds end in the word: "Becherpfand", "Flaschenpfand".
            let isDeposit = descriptionLabel.hasAny(depositWords) || descriptionLabel.words.contains(where: depositWholeWords.contains)
                || descriptionLabel.words.contains { $0.count > 5 && $0.hasSuffix("PFAND") }
                || longDepositWords.contains(where: descriptionLabel.hasWord(closeTo:))
            // A returned article: under a header of returns, or named so itself ("RETURN 70117 GORILLA GLUE  7.99-").
            let isReturn = returnHeader.map { index - $0 <= 3 } ?? false || descriptionLabel.words.first.map(returnWords.contains) == true
            if price.value < 0, isReturn, !descriptionLabel.hasAny(discountWords),
               let row = itemRow(description, price: -price.value, flag: "", line: index, profile: profile) {
                var item = row
                item.total = price.value
                item.unitPrice = nil
                item.category = "return"
                items.append(item)
                pendingName = nil
                continue
            }
            // A positive amount is a saving only by its label; a short word in it is a product's when it is one slip away,
            // and a row with its UPC is a product's whatever its name ("PERSIL DISCS  05697300083  16.97 J").
            let isDiscount = !isDeposit && (price.value < 0 || percentOff.isMatched(by: line)
                || (descriptionLabel.hasAny(closeTo: discountWords) && !trailingUPC.isMatched(by: description)))
            if isDiscount {
                attachSaving(abs(price.value))
                continue
            }
            let trailing = price.trailing.replacingOccurrences(of: "€", with: "").replacingOccurrences(of: " ", with: "")
            let letters = trailing.filter(\.isLetter)
            let capitals = letters.filter(\.isUppercase)
            if flag.isMatched(by: trailing), let item = wrappedTotal(description, unitPrice: price.value, row: index, facts: facts,
                                                                     region: region, profile: profile) {
                items.append(item)
                nameLine = index + 1
                pendingQuantity = nil
                pendingName = nil
                continue
            }
            guard flag.isMatched(by: trailing),
                  var item = itemRow(description, price: price.value, flag: capitals.isEmpty ? letters.uppercased() : capitals,
                                     line: index, profile: profile) else {
                // A name right above is that layout's own (handled by quantity lines); otherwise look below.
                if pendingName?.line != index - 1, flag.isMatched(by: trailing), let item = nameBelow(text, row: index, amounts: amounts, region: region,
                                                                                           profile: profile) {
                    items.append(item)
                    nameLine = index + 1
                }
                continue
            }
            if isDeposit { item.category = "deposit" } else if descriptionLabel.hasAny(feeWords) || isNamedFee(item.description) {
                item.category = "fee"
            }
            if let quantity = pendingQuantity, item.quantity == 1, close(item.total, quantity.expectedTotal) {
                apply(quantity, to: &item)
            }
            // A name a tilted photo broke in two after its article's number ("1533077 NATURE" / "VALLEY BAR  14.49 Y"):
            // the row without a number of its own goes on the one above.
            if let name = pendingName, name.line == index - 1, let code = name.code, item.code == nil, item.category == nil,
               articleNumberFirst.isMatched(by: text.lines[name.line]) {
                item.description = name.text + " " + item.description
                item.code = code
                item.lineIndex = name.line
            }
            if digitsOnly != nil { item.price = .undotted }
            pendingQuantity = nil
            pendingName = nil
            items.append(item)
        }
        // A row of bare digits that a line below priced is that item.
        let priced = Set(items.filter { $0.price != .unconfirmed }.map(\.lineIndex))
        items.removeAll { $0.price == .unconfirmed && priced.contains($0.lineIndex) }
        readCountColumn(&items, lines: text.lines)
        dropRateColumn(&items, lines: text.lines)
        return items
    }

    /// A VAT rate printed in a column of its own between name and price ("PANE   4%   2,10",
    /// "(C) PAO DE FORMA   6%   1,39", as Italy and Portugal print it) is no part of the name; a
    /// percentage inside a name stays ("Bio Vollmilch 3,8%", "GV 2% MILK"). A column is two rows
    /// or more, each with a whole rate of 4 % or more set apart by a gap, or printed with two zero
    /// decimals when OCR closed the gaps ("CAFFE LAVAZZA ORO 250G 22,00% 3,79").
    private static func dropRateColumn(_ items: inout [ParsedLineItem], lines: [String]) {
        let inColumn = items.map { item in
            item.description.hasSuffix("%") && rateColumn.isMatched(by: lines[item.lineIndex])
        }
        guard inColumn.filter({ $0 }).count >= 2 else { return }
        for index in items.indices where inColumn[index] {
            items[index].description = items[index].description
                .replacingOccurrences(of: #"\s+\d{1,2}(?:[.,]0{1,2})?\s?%$"#, with: "", options: .regularExpression)
        }
    }

    /// A till that prints each row's count before its name prints it on every row, 1 too: when every
    /// row starts with a number, and one row's is confirmed as its count by its unit price
    /// ("2 PAN BARRA  0,45  0,90") or the numbers do not run 1, 2, 3 as rows are numbered, they are
    /// counts ("1 LECHE ENTERA  1,02", "3 YOGUR  2,97", "1 Chicken Alfredo"), when every one divides
    /// its row's total. Elsewhere a leading number is the name's ("7 UP").
    private static func readCountColumn(_ items: inout [ParsedLineItem], lines: [String]) {
        let firstWords = items.map { lines[$0.lineIndex].split(separator: " ").first.flatMap { Int(String($0)) } }
        guard items.count >= 2, !firstWords.contains(nil) else { return }
        let confirmed = zip(items, firstWords).contains { item, first in
            item.unitPrice != nil && item.unit == nil && first.map { Decimal($0) } == item.quantity
        }
        let counts = firstWords.compactMap { $0 }
        guard confirmed || counts != Array(1...items.count) else { return }
        // And each count divides its row's total into whole cents ("7 UP  1.80" is no 7 × 0.2571).
        guard zip(items, counts).allSatisfy({ item, count in count > 0 && unitPrice(of: item.total, count: Decimal(count)) != nil })
        else { return }
        for index in items.indices where items[index].quantity == 1 && items[index].unitPrice == nil {
            guard let match = leadingCount.firstMatch(in: items[index].description), let count = Decimal(string: match[1] ?? ""),
                  count >= 1, let name = match[2] else { continue }
            items[index].description = name
            items[index].quantity = count
            // Amounts left in the name are its own price columns (a unit price before a discount), which the total does not divide into.
            if count > 1, AmountScanner.amounts(in: name).isEmpty { items[index].unitPrice = unitPrice(of: items[index].total, count: count) }
        }
    }

    /// A row of numbers only (position, article number, count, unit price, total) whose name is
    /// printed on the line below ("1 23530028 03  2,00  14,99  29,98 1" / "Duschvorhang").
    private static func nameBelow(_ text: ReceiptText, row: Int, amounts: [AmountMatch], region: Range<Int>,
                                  profile: StrategyProfile) -> ParsedLineItem? {
        guard let price = amounts.last, AmountScanner.label(of: text.lines[row], before: price).allSatisfy({ !$0.isLetter }),
              row + 1 < region.upperBound, AmountScanner.amounts(in: text.lines[row + 1]).isEmpty,
              SummaryLineClassifier.classify(text.labels[row + 1]) == nil,
              var item = itemRow(text.lines[row + 1], price: price.value, flag: "", line: row, profile: profile),
              // Its name without the article's number before it ("1702556 KS LAUNDRY 194LD").
              MerchantExtractor.isNameLike(item.code == nil ? text.upperLines[row + 1] : item.description.uppercased(),
                                           label: item.code == nil ? text.labels[row + 1] : nil) else { return nil }
        item.taxCode = profile.taxCode(forFlag: price.trailing.replacingOccurrences(of: " ", with: "").uppercased())
        // Count × unit price = total among the row's amounts.
        if amounts.count >= 3 {
            let count = amounts[amounts.count - 3].value, unit = amounts[amounts.count - 2].value
            if count > 1, count == rounded(count, scale: 0), close(count * unit, price.value) {
                item.quantity = count
                item.unitPrice = unit
            }
        }
        return item
    }

    /// A row that ends in its count and unit price ("CLASSICO SAUCE 650ML   2 @   3.99") whose total
    /// stands alone on the next line ("7.98 T"): one item, taken only when the count times the
    /// unit price is that total.
    private static func wrappedTotal(_ description: String, unitPrice: Decimal, row: Int, facts: [LineFacts],
                                     region: Range<Int>, profile: StrategyProfile) -> ParsedLineItem? {
        guard let match = countAtUnitPrice.firstMatch(in: description), let count = Decimal(string: match[1] ?? ""), count > 1,
              region.contains(row + 1), facts[row + 1].label.words.count <= 1, facts[row + 1].kind == nil,
              let total = facts[row + 1].amounts.last, facts[row + 1].amounts.count == 1,
              rounded(count * unitPrice, scale: 2) == total.value,
              var item = itemRow((description as NSString).substring(to: match.location), price: total.value,
                                 flag: total.trailing.filter(\.isLetter).uppercased(), line: row, profile: profile)
        else { return nil }
        item.quantity = count
        item.unitPrice = unitPrice
        return item
    }

    /// "Table: 12", "Kasse 3", "Terminal-ID 6528", "Salesperson" are bookkeeping; "TABLE LAMP" is a product:
    /// a bookkeeping word ends the label or is followed by a number or a short tag (ID, NO, NR).
    private static func isBookkeeping(_ label: LineLabel) -> Bool {
        let words = label.words
        return notItemWords.contains { word in
            if word.parts.count > 1 { return label.has(word) }
            return label.wordIndices(closeTo: word).contains { index in
                guard index + 1 < words.count else { return true }
                // "TABLE LAMP" is a product; "TABLE 12", "EINZELPREIS EUR 9,95" are labels.
                let next = words[index + 1]
                return next.count <= 2 || next.allSatisfy(\.isNumber) || currencyWords.contains(next)
            }
        }
    }

    /// The tax code named by what follows a price on its own row, when that is a flag ("19", "A", "*C").
    private static func taxCode(after price: AmountMatch, profile: StrategyProfile) -> String? {
        let flag = price.trailing.replacingOccurrences(of: " ", with: "")
        return Self.flag.isMatched(by: flag) ? profile.taxCode(forFlag: flag) : nil
    }

    private static func isTender(_ kind: SummaryLineKind) -> Bool {
        if case .tender = kind { return true }
        return false
    }

    /// Whether a line read as a tax ends the articles: not a product named with a tax word whose price
    /// carries one of the receipt's own tax flags ("TAX FREE SAMPLER  2.00 Z" under "SUPER GLUE  5.20 S").
    static func endsItems(taxLine index: Int, facts: [LineFacts]) -> Bool {
        !isFlaggedProduct(facts[index].label, facts[index].amounts, ownFlags(facts, in: facts.indices))
    }

    /// A label read as a total only for the word "TOTAL" among a name's words.
    private static func isNamedTotal(_ kind: SummaryLineKind, _ label: LineLabel) -> Bool {
        if case .total(let strength) = kind, strength < 0.75 { return SummaryLineClassifier.namesBesideTotal(label, words: 1) }
        return false
    }

    private static func isTax(_ kind: SummaryLineKind) -> Bool {
        if case .tax = kind { return true }
        return false
    }

    /// A row of several words whose price carries one of the receipt's own tax flags: a product's row,
    /// whatever its words.
    private static func isFlaggedProduct(_ label: LineLabel, _ amounts: [AmountMatch], _ flags: Set<String>) -> Bool {
        guard label.words.count >= 3, amounts.count == 1, let price = amounts.last, price.value > 0 else { return false }
        return flags.contains(price.trailing)
    }

    /// A saving printed right under an item, as a negative amount ("INSTANT SAVINGS  -30.00"), is
    /// that item's discount, not the receipt's total saving. (An item's line is its name's, which
    /// may stand above its price.)
    private static func isItemsSaving(_ amounts: [AmountMatch], line: Int, items: [ParsedLineItem]) -> Bool {
        guard amounts.count == 1, let saving = amounts.last?.value, saving < 0, let item = items.last else { return false }
        return line - item.lineIndex <= 2
    }

    private static func isSummary(_ kind: SummaryLineKind) -> Bool {
        switch kind {
        case .tax, .tender: return false   // "GST" or "CASH" inside a product name is not a summary by itself
        default: return true
        }
    }

    /// Builds an item from a row's description part: strips item codes, UPCs and inline quantities.
    // Built once: building the set for every row cost a third of reading it.
    private static let descriptionDebris = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "%&()")).inverted

    private static func itemRow(_ rawDescription: String, price: Decimal, flag: String, line: Int, profile: StrategyProfile) -> ParsedLineItem? {
        var description = rawDescription
        var code: String?
        if let match = leadingCode.firstMatch(in: description) {
            code = match[1]
            description = String((description as NSString).substring(from: match.location + match.length))
        }
        if let match = trailingUPC.firstMatch(in: description) {
            code = code ?? match[1]
            description = (description as NSString).substring(to: match.location)
        }
        // Loblaw-style rows print the flag before the price: "PC BLK BEANS    HMRJ    1.29".
        var flag = flag
        if flag.isEmpty, let match = flagBeforePrice.firstMatch(in: description) {
            flag = match[1] ?? ""
            description = (description as NSString).substring(to: match.location)
        }
        var quantity: Decimal = 1
        var unitPrice: Decimal?
        if let match = inlineQuantity.firstMatch(in: description), let count = Decimal(string: match[1] ?? ""),
           let unit = AmountScanner.decimal(match[2] ?? ""), close(count * unit, price) {
            quantity = count
            unitPrice = unit
            description = (description as NSString).substring(to: match.location)
        }
        // Lidl prints the unit price first: "Bulgur-Kräuter   0,89 x 2   1,78 A".
        if quantity == 1, let match = priceTimesCount.firstMatch(in: description), let count = Decimal(string: match[2] ?? ""),
           let unit = AmountScanner.decimal(match[1] ?? ""), count > 1, close(count * unit, price) {
            quantity = count
            unitPrice = unit
            description = (description as NSString).substring(to: match.location)
        }
        // A tilted photo runs the quantity line onto its article's row ("COCA COLA 12PK   15.98 S  2 @ 7.99"):
        // the row's last amount is then the unit price, and the amount before the count the total.
        var price = price
        if quantity == 1, let merged = mergedQuantity(description, unitPrice: price) {
            (description, quantity, unitPrice, price) = (merged.name, merged.count, price, merged.total)
            if flag.isEmpty { flag = merged.flag }
            // The UPC was before the total, not at the row's end.
            if let match = trailingUPC.firstMatch(in: description) {
                code = code ?? match[1]
                description = (description as NSString).substring(to: match.location)
            }
        }
        // Count columns stand at the row's start or end: most rows have no digit there, and skip the patterns.
        if quantity == 1, description.first?.isNumber == true || description.last?.isNumber == true,
           let columns = countColumns(singleSpaced(description), total: price) {
            (description, quantity, unitPrice) = columns
        }
        description = description.trimmingCharacters(in: descriptionDebris)
        description = singleSpaced(description)
        guard MerchantExtractor.letterAndInkCounts(description).letters >= 2 else { return nil }
        return ParsedLineItem(description: description, quantity: quantity, unitPrice: unitPrice, total: price,
                              taxCode: profile.taxCode(forFlag: flag), code: code, lineIndex: line)
    }

    /// A row's text before its last amount that ends in a total, perhaps its flag, and a count at that
    /// amount ("COCA COLA 12PK   15.98 S  2 @"), when the count times the unit price is the total.
    private static func mergedQuantity(_ description: String, unitPrice: Decimal) -> (name: String, count: Decimal, total: Decimal, flag: String)? {
        guard let countMatch = countAtUnitPrice.firstMatch(in: description), let count = Decimal(string: countMatch[1] ?? ""), count > 1
        else { return nil }
        let before = (description as NSString).substring(to: countMatch.location)
        // The total may have lost its point ("BLUEBERRIES 510G   1398  2 @ 6.99"): its digits are then the count times
        // the unit price to the cent.
        if let undotted = undottedBeforeCount.firstMatch(in: before), let digits = undotted[1].flatMap({ Decimal(string: $0) }),
           digits / 100 == rounded(count * unitPrice, scale: 2) {
            return ((before as NSString).substring(to: undotted.location), count, digits / 100, undotted[2] ?? "")
        }
        guard let total = AmountScanner.lastAmount(in: before), close(count * unitPrice, total.value) else { return nil }
        let flag = (before as NSString).substring(from: total.end).trimmingCharacters(in: .whitespaces)
        guard flag.count <= 2, flag.allSatisfy(\.isLetter) else { return nil }
        return (AmountScanner.label(of: before, before: total), count, total.value, flag)
    }

    /// The words of `text` with one space between them; ASCII text on bytes, where splitting
    /// into `Character`s costs a grapheme break and a table lookup each.
    static func singleSpaced(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            if byte.isASCIIWhitespace {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func readQuantity(_ upper: String, amounts: [AmountMatch]) -> ReadQuantity? {
        if let match = weightLine.firstMatch(in: upper), let weight = AmountScanner.decimal(match[1] ?? ""),
           let unitPrice = AmountScanner.decimal(match[3] ?? match[5] ?? "") {
            let end = match.location + match.length
            let total = amounts.last.flatMap { $0.location >= end ? $0.value : nil }
                ?? garbledTotal(upper, from: end, expected: weight * unitPrice)
            let unit = (match[4] ?? match[6] ?? match[2] ?? "KG").lowercased().replacingOccurrences(of: "lbs", with: "lb")
            return ReadQuantity(count: weight, unit: unit, unitPrice: unitPrice, total: total)
        }
        if let match = unitFirstWeightLine.firstMatch(in: upper), let weight = AmountScanner.decimal(match[2] ?? ""),
           let unitPrice = AmountScanner.decimal(match[3] ?? "") {
            let total = amounts.last.flatMap { $0.location >= match.location + match.length ? $0.value : nil }
            return ReadQuantity(count: weight, unit: (match[1] ?? "KG").lowercased(), unitPrice: unitPrice, total: total)
        }
        if let match = perOneUnitWeightLine.firstMatch(in: upper), let weight = AmountScanner.decimal(match[1] ?? ""),
           let unitPrice = AmountScanner.decimal(match[3] ?? "") {
            let total = amounts.last.flatMap { $0.location >= match.location + match.length ? $0.value : nil }
            let unit = (match[2] ?? "LB").uppercased() == "KG" ? "kg" : "lb"
            return ReadQuantity(count: weight, unit: unit, unitPrice: unitPrice, total: total)
        }
        if let match = quantityLine.firstMatch(in: upper), let count = Decimal(string: match[1] ?? ""),
           var unitPrice = AmountScanner.decimal(match[3] ?? "") {
            // "3 @ 2/$3.00": the price is for a group of items.
            if let group = match[2].flatMap({ Decimal(string: $0) }), group > 0 { unitPrice /= group }
            let end = match.location + match.length
            let total = amounts.last.flatMap { $0.location >= end ? $0.value : nil }
                ?? garbledTotal(upper, from: end, expected: rounded(count * unitPrice, scale: 2))
            return ReadQuantity(count: count, unit: nil, unitPrice: rounded(unitPrice, scale: 4), total: total)
        }
        // Columns of a count, a unit price and a total whose point OCR lost ("2    2.85    570    ZR").
        if let match = bareCountAndUnitPriceFirst.firstMatch(in: upper), let count = Decimal(string: match[1] ?? ""), count > 0,
           let unitPrice = AmountScanner.decimal(match[2] ?? ""),
           let total = garbledTotal(upper, from: match.location + match.length, expected: rounded(count * unitPrice, scale: 2)) {
            return ReadQuantity(count: count, unit: nil, unitPrice: unitPrice, total: total)
        }
        return nil
    }

    /// A quantity or weight row's total as OCR garbles it: printed without its point ("2 X 7.50   1500 SR",
    /// "1.84 lb @ 0.99/lb   182") or with its tax flag glued on ("2 x 1.45   2.901"): after the unit price, and
    /// the count times the price, to the cent as tills round it.
    private static func garbledTotal(_ upper: String, from start: Int, expected: Decimal) -> Decimal? {
        let rest = (upper as NSString).substring(from: start)
        if let digits = bareTotal.firstMatch(in: rest)?[1], let value = Decimal(string: digits), close(value / 100, expected) {
            return value / 100
        }
        guard let match = gluedFlagPrice.firstMatch(in: rest), match[1]?.isEmpty ?? true,
              let value = Decimal(string: "\(match[2] ?? "").\(match[3] ?? "")"), close(value, expected) else { return nil }
        return value
    }

    /// A weight, a price per unit and their product, with no unit on the line: the unit is the
    /// one the column header above names (kg or lb).
    private static func bareWeight(_ upper: String, above: ArraySlice<String>) -> ReadQuantity? {
        guard let match = bareWeightRow.firstMatch(in: upper), let weight = AmountScanner.decimal(match[1] ?? ""),
              let unitPrice = AmountScanner.decimal(match[2] ?? ""), let total = AmountScanner.decimal(match[3] ?? ""),
              close(rounded(weight * unitPrice, scale: 2), total) else { return nil }
        let unit = above.contains { $0.contains("KG") } ? "kg" : above.contains { $0.contains("LB") } ? "lb" : nil
        guard let unit else { return nil }
        return ReadQuantity(count: weight, unit: unit, unitPrice: unitPrice, total: total)
    }

    /// A row shaped like an item (description, column gap, something short in the price
    /// column) whose price OCR could not read: "BIO HONIG      u L". Returns the description.
    private static func unreadablePriceRow(_ line: String) -> String? {
        guard let match = gappedRow.firstMatch(in: line), var description = match[1], let tail = match[2] else { return nil }
        // An item code before the name ("E    512345 KS WATER 40PK"), as on priced rows.
        if let code = leadingCode.firstMatch(in: description) {
            description = String((description as NSString).substring(from: code.location + code.length))
        }
        // A produce code after the name ("KIWI 4009") is not the kind of number that makes a line an address.
        let name = splitTrailingCode(description).name
        // A colon in the price column is a time ("16:14"), unless a decimal separator shows it was a price ("3,:19").
        // A quantity line whose price OCR garbled ("2 Stk x   660") is no name.
        // A masked card number ("BONUSKAART   xx3318") is no price.
        // Nor is a currency alone ("Description   $", "Preis   CHF": a column's heading) or a word ("PUMP 04   REGULAR",
        // "Tisch 31   Gäste 2"): OCR garbles a price into a few odd characters, not into four letters in a row.
        let tailWords = tail.split { !$0.isLetter }
        guard !tailWords.contains(where: { $0.count >= 4 }), !isCurrencyMark(tail),
              name.filter(\.isLetter).count >= 4, !tail.contains(":") || decimalSeparator.isMatched(by: tail),
              !maskedNumber.isMatched(by: tail),
              !countTimes.isMatched(by: name.uppercased()),
              MerchantExtractor.isNameLike(name.uppercased()) else { return nil }
        return description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A currency's symbol or code alone ("$", "€", "CHF").
    private static func isCurrencyMark(_ text: String) -> Bool {
        let mark = text.trimmingCharacters(in: .whitespaces).uppercased()
        return currencyWords.contains(mark) || !mark.isEmpty && mark.allSatisfy { "$€£¥".contains($0) }
    }

    /// A row of column names and units only ("kg   EURO/kg   EURO", "QTY  PRICE  AMOUNT").
    /// Also a longer header of which OCR garbled a word or two ("4rt.Nr.  Bezeicbnung  Menge  EUR"):
    /// three column names or more, and at least three in five of its words.
    static func isColumnHeader(_ line: String) -> Bool {
        let words = letterWords(line)
        func enough(_ named: Int) -> Bool { named == words.count || named >= 3 && named * 5 >= words.count * 3 }
        let unnamed = words.filter { !columnWords.contains(String($0)) }
        guard !words.isEmpty, !enough(words.count - unnamed.count) else { return !words.isEmpty }
        // Only then words with a slip, in a short line that names a column already, or of two or three words
        // ("Deseription  Amcunt"): this runs for each line without an amount, and most are no header.
        guard unnamed.count < words.count || (2...3).contains(words.count), words.count <= 6 else { return false }
        let slipped = unnamed.filter { TextSimilarity.matchesWithSlip($0, among: longColumnWords) }
        return enough(words.count - unnamed.count + slipped.count)
    }

    /// The line's runs of letters, upper-cased. On the bytes when it is ASCII, whose letters are A to Z once
    /// upper-cased: split by characters, each line without an amount cost as much again to test for a header.
    private static func letterWords(_ line: String) -> [Substring] {
        let upper = line.uppercased()
        guard upper.utf8.allSatisfy({ $0 < 0x80 }) else { return upper.split { !$0.isLetter } }
        return upper.utf8.split { !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }.map { Substring($0) }
    }

    /// The item table's header: column names only, one of them the items' own column (their
    /// name or count), which no total line names ("DESCRIPCION  IMPORTE", while "TOTAL EUR" is a total).
    static func isItemTableHeader(_ line: String) -> Bool {
        isColumnHeader(line) && letterWords(line).contains { word in
            itemColumnWords.contains(String(word)) || TextSimilarity.matchesWithSlip(word, among: longItemColumnWords)
        }
    }

    private static func undotted(_ line: String) -> AmountMatch? {
        guard let match = undottedPrice.firstMatch(in: line),
              let value = Decimal(string: "\(match[1] ?? "").\(match[2] ?? "")") else { return nil }
        let location = match.location + (match.text.count - match.text.drop(while: \.isWhitespace).count)
        return AmountMatch(value: value, location: location, length: match.length, trailing: match[3] ?? "")
    }

    private static func undottedSaving(_ line: String) -> Decimal? {
        guard let match = undottedNegative.firstMatch(in: line) else { return nil }
        return Decimal(string: "\(match[1] ?? "").\(match[2] ?? "")")
    }

    private static func bareDigitsItem(_ line: String, line index: Int) -> ParsedLineItem? {
        guard let match = bareDigitsRow.firstMatch(in: line), let name = match[1]?.trimmingCharacters(in: .whitespaces),
              name.filter(\.isLetter).count >= 4, !countTimes.isMatched(by: name.uppercased()),
              MerchantExtractor.isNameLike(name.uppercased()),
              let value = Decimal(string: "\(match[2] ?? "").\(match[3] ?? "")"), value > 0 else { return nil }
        var item = ParsedLineItem(description: name, total: value, lineIndex: index)
        item.price = .unconfirmed
        return item
    }

    /// A number of two digits or more; a lone digit may be a letter OCR misread ("0mschrijving").
    private static func holdsNumber(_ line: String) -> Bool {
        line.split(whereSeparator: { !$0.isNumber }).contains { $0.count >= 2 }
    }

    private static func flaggedUndotted(_ line: String, flags: Set<String>) -> AmountMatch? {
        // The flag's letter may be read as a digit ("549 T8" among prices flagged "TB").
        guard !flags.isEmpty, let match = flaggedUndottedPrice.firstMatch(in: line), let flag = match[3] ?? match[4],
              flags.contains(flag) || flags.contains(TextSimilarity.lettersForDigits(flag)),
              line.filter(\.isLetter).count >= 4, let value = Decimal(string: "\(match[1] ?? "").\(match[2] ?? "")") else { return nil }
        return AmountMatch(value: value, location: match.location + 1, length: match.length - 1, trailing: flag)
    }

    /// The tax flags printed after prices ("1,99 B", "4.29 F", "0,72  T1") in the region.
    private static func ownFlags(_ facts: [LineFacts], in region: Range<Int>) -> Set<String> {
        var flags: Set<String> = []
        for index in region {
            // Up to five letters: Loblaw's tills flag taxes and programmes together ("MRJ", "GMRJ", "GPMRJ").
            guard let trailing = facts[index].amounts.last?.trailing, (1...5).contains(trailing.count),
                  trailing.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else { continue }
            flags.insert(trailing)
        }
        return flags
    }

    /// Whether `total` is a count of two or more, printed before `unitPrice` on the line, times it.
    private static func isCountTimes(_ unitPrice: AmountMatch, _ total: AmountMatch, in line: String) -> Bool {
        guard unitPrice.value > 0 else { return false }
        let count = total.value / unitPrice.value
        guard count >= 2, count <= 99, count == rounded(count, scale: 0) else { return false }
        let before = (line as NSString).substring(to: unitPrice.location)
        return before.split(whereSeparator: { !$0.isNumber }).contains { Decimal(string: String($0)) == count }
    }

    private static func gluedFlag(_ line: String) -> AmountMatch? {
        guard let match = gluedFlagPrice.firstMatch(in: line), line.filter(\.isLetter).count >= 3,
              let value = Decimal(string: "\(match[1] ?? "")\(match[2] ?? "").\(match[3] ?? "")") else { return nil }
        return AmountMatch(value: value, location: match.location + 1, length: match.length - 1, trailing: "")
    }

    /// An article a tilted photo ran into its weight line, priced by the amount before the weight that is
    /// the weight times the price per unit ("QUESO IDIAZABAL  7,14 R  0,312 kg x 22,90 €/kg").
    private static func gluedWeighedItem(_ line: String, amounts: [AmountMatch], quantity: ReadQuantity, line index: Int,
                                         profile: StrategyProfile) -> ParsedLineItem? {
        guard quantity.unit != nil, let total = amounts.dropLast().first(where: { $0.value > 0 && close($0.value, quantity.expectedTotal) })
        else { return nil }
        let name = AmountScanner.label(of: line, before: total)
        guard MerchantExtractor.isNameLike(name.uppercased()) else { return nil }
        return itemRow(name, price: total.value, flag: total.trailing.prefix { !$0.isWhitespace }.filter(\.isLetter).uppercased(),
                       line: index, profile: profile)
    }

    /// The name a quantity row prints between its count and unit price and its total ("1 x  5.90  FABER-CASTELL
    /// 2B PENCIL 12S    5.90 SR"), with the row's line; nil when nothing name-like stands there (a currency, a unit).
    private static func inlineName(_ line: String, total: AmountMatch?, line index: Int) -> (text: String, code: String?, line: Int)? {
        guard let total, let lead = quantityLead.firstMatch(in: line), lead.location + lead.length < total.location else { return nil }
        let start = lead.location + lead.length
        let name = (line as NSString).substring(with: NSRange(location: start, length: total.location - start))
            .trimmingCharacters(in: .whitespaces)
        let upper = name.uppercased()
        guard name.filter(\.isLetter).count >= 3, !currencyWords.contains(upper), MerchantExtractor.isNameLike(upper) else { return nil }
        let (text, code) = splitTrailingCode(name)
        return (text, code, index)
    }

    /// A produce or article code after a name ("KIWI 4009", "RYET LEDL GU10 2001m  22237"): four or five digits at the end.
    private static func splitTrailingCode(_ description: String) -> (name: String, code: String?) {
        guard let match = trailingCode.firstMatch(in: description), match.location > 0 else { return (description, nil) }
        return ((description as NSString).substring(to: match.location), match[1])
    }

    /// The count of a row that prints only a count and its unit (and perhaps the unit price) before
    /// its total, and the unit price: the printed one whose product with the count is the total, else
    /// the total shared out. A count OCR read as zero is one.
    private static func quantityRow(_ description: String, total: Decimal) -> (count: Decimal, unitPrice: Decimal?)? {
        guard description.utf8.count <= 40 else { return nil }
        if let match = bareCountAndUnitPrice.firstMatch(in: description), let count = Decimal(string: match[1] ?? ""),
           let unitPrice = AmountScanner.decimal(match[2] ?? ""), count > 0, close(rounded(count * unitPrice, scale: 2), total) {
            return (count, unitPrice)
        }
        guard let match = countAndUnit.firstMatch(in: description.trimmingCharacters(in: .whitespaces)),
              let whole = Decimal(string: match[1] ?? "") else { return nil }
        var count = whole + (Decimal(string: "0.\(match[2] ?? "0")") ?? 0)
        if count == 0 { count = 1 }
        guard count > 1 else { return (count, nil) }
        let printed = (match[3] ?? "").split(whereSeparator: \.isWhitespace).compactMap { token in
            AmountScanner.decimal(token.filter { $0.isNumber || $0 == "." || $0 == "," })
        }
        return (count, printed.first { close(rounded(count * $0, scale: 2), total) } ?? rounded(total / count, scale: 4))
    }

    /// Sets the count (or weight) and unit price a quantity line gives its item.
    private static func apply(_ quantity: ReadQuantity, to item: inout ParsedLineItem) {
        item.quantity = quantity.count
        item.unit = quantity.unit
        item.unitPrice = quantity.unitPrice
    }

    /// The amount and the unit glued to it ("3.78L", "1.5KG") when a line's last amount is a measure: its unit
    /// follows it without a space, where a tax flag stands apart.
    private static func gluedMeasure(_ line: String, amount: AmountMatch?) -> String? {
        guard let amount else { return nil }
        let ns = line as NSString
        let end = amount.location + amount.length
        let unit = ns.substring(from: end).prefix { $0.isLetter }
        guard LineLabel.measureUnits.contains(unit.uppercased()), ns.substring(from: end + (unit as NSString).length).allSatisfy(\.isWhitespace)
        else { return nil }
        return ns.substring(with: NSRange(location: amount.location, length: amount.length)) + unit
    }

    /// Whether a quantity line belongs to `item` above it: a total printed on the quantity line
    /// must be the item's price exactly (a cent apart is another item); without one, the count
    /// times the unit price may round a cent either way.
    private static func matches(_ item: ParsedLineItem, _ quantity: ReadQuantity) -> Bool {
        let price = item.total + (item.discount ?? 0)
        if let total = quantity.total { return price == total }
        return close(price, quantity.expectedTotal)
    }

    /// The name, count and unit price of a row whose count (and unit price) stand in columns of
    /// their own (`trailingCountAndUnit` and its siblings); nil when no reading's arithmetic holds.
    private static func countColumns(_ description: String, total: Decimal) -> (name: String, count: Decimal, unitPrice: Decimal)? {
        func checked(_ name: String?, _ count: String?, _ unit: String?) -> (name: String, count: Decimal, unitPrice: Decimal)? {
            guard let name, let count = count.flatMap(AmountScanner.decimal), count > 0,
                  let unit = unit.flatMap(AmountScanner.decimal), close(count * unit, total) else { return nil }
            // A column printed twice (a discount's, a net price's) stays behind the name: "1  WALK  1.60  1.60  1.60".
            let bare = name.replacingOccurrences(of: #"(\s+\d{1,5}[.,]\d{2})+$"#, with: "", options: .regularExpression)
            return (bare, count, unit)
        }
        if let match = trailingCountAndUnit.firstMatch(in: description), let found = checked(match[1], match[2], match[3]) { return found }
        if let match = trailingUnitAndCount.firstMatch(in: description), let found = checked(match[1], match[3], match[2]) { return found }
        if let match = leadingCountAndUnit.firstMatch(in: description), let found = checked(match[2], match[1], match[3]) { return found }
        // Without a unit price, a count that does not divide the total into cents is misread.
        if let match = leadingCountTimes.firstMatch(in: description), let count = Decimal(string: match[1] ?? ""), count > 1,
           let each = unitPrice(of: total, count: count) {
            return (match[2] ?? "", count, each)
        }
        return nil
    }

    /// What each of `count` costs when they cost `total` together in whole cents; nil when no
    /// price in cents does (a count misread, or a number that is no count).
    private static func unitPrice(of total: Decimal, count: Decimal) -> Decimal? {
        let each = rounded(total / count, scale: 2)
        return each * count == total ? each : nil
    }

    static func close(_ a: Decimal, _ b: Decimal) -> Bool {
        abs(a - b) <= Decimal(string: "0.011")!
    }

    static func rounded(_ value: Decimal, scale: Int) -> Decimal {
        var input = value, output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        return output
    }
}
