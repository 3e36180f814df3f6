import Foundation

/// Finds the shop name: a known chain (normalised to its brand), else a company line
/// ("... SDN BHD", "... ENTERPRISE", "... GmbH") kept whole, else the first top line
/// that is not an address, phone number, greeting or registration number.
enum MerchantExtractor {
    private static let companyWords: [KeywordPhrase] = ["SDN BHD", "SDN", "BHD", "BERHAD", "ENTERPRISE", "ENTERPRISES", "TRADING", "RESTAURANT",
                                       "RESTORAN", "STORE", "STORES", "MART", "MARKET", "SUPERMARKET", "HYPERMARKET",
                                       "HARDWARE", "PHARMACY", "FARMASI", "BAKERY", "CAFE", "KEDAI", "PERNIAGAAN", "SYARIKAT",
                                       "STATIONERY", "MACHINERY", "GMBH", "APOTHEKE", "BAECKEREI", "DROGERIE", "LTD",
                                       "LIMITED", "INC", "LLC", "CORP", "PLT", "HOLDINGS", "FOOD", "FOODS", "BOOKSTORE"]
    // Company forms that are whole names' suffixes, not names themselves.
    // "(M)" marks a Malaysian company ("POPULAR BOOK CO. (M) SDN BHD").
    private static let suffixWords: Set<String> = ["SDN", "BHD", "BERHAD", "S", "B", "SB", "PLT", "LTD", "GMBH", "INC", "LLC", "CO", "M"]
    // Shop types printed under the name as a tagline ("THREE STOOGES" / "BISTRO & CAFE").
    private static let shopTypeWords: Set<String> = ["BISTRO", "CAFE", "RESTAURANT", "RESTORAN", "BAR", "GRILL", "KITCHEN", "PUB",
                                                     "BAKERY", "COFFEE", "HOUSE", "AND", "FOOD", "FOODS", "STORE", "MART", "MARKET",
                                                     "BAECKEREI", "BACKEREI", "BÄCKEREI", "KONDITOREI", "METZGEREI", "RISTORANTE",
                                                     "PIZZERIA", "TRATTORIA", "TANKSTELLE", "BOULANGERIE", "PATISSERIE", "APOTHEKE", "PHARMACY"]
    // Malaysia's and Singapore's legal forms.
    private static let registeredForms: Set<String> = ["SDN", "BHD", "BERHAD", "PLT"]
    private static let privateLimited: KeywordPhrase = "PTE LTD"
    private static let titleWords: PhraseList = ["INVOICE", "RECEIPT"]
    // "S/B" (Sdn Bhd), also read "$/B".
    private static let sdnBhdAbbreviation = Pattern(#"(?<![A-Z])[S$5]\s?/\s?B(?![A-Z])"#, needsOneOf: "/")
    private static let skipWords: [KeywordPhrase] = ["WELCOME", "WILLKOMMEN", "BIENVENUE", "THANK", "FOR SHOPPING", "DANKE", "RECEIPT", "INVOICE", "TEL", "PHONE",
                                    "FAX", "HOTLINE", "GST ID", "GST REG", "SST ID", "CO REG", "COMPANY NO", "REG NO",
                                    "ROC", "CASHIER", "DATE", "DATUM", "TIME", "TABLE", "BILL", "DOC NO", "DOCUMENT",
                                    "EMAIL", "WWW", "HTTP", "STORE NO", "OPEN", "HOURS", "MEMBER", "KASSE",
                                    "FILIALE", "UST ID", "STEUER", "BELEG", "BON", "TERMINAL", "COPY", "KUNDENBELEG",
                                    "AMOUNT", "QTY",   // item table headers
                                    "RETURNABLE", "EXCHANGEABLE", "COME AGAIN", "FEEDBACK", "COMPLAINT",   // footer notices
                                    "DIR", "DIRECTOR", "MGR"]   // the store's people ("Store 0188 Dir Maria Lopez"); no "MANAGER": one slip from "PRET A MANGER"
    private static let addressWords: Set<String> = ["JALAN", "JLN", "TAMAN", "LOT", "NO", "LORONG", "BANDAR", "KAMPUNG", "STREET", "ST",
                                       "ROAD", "RD", "AVE", "AVENUE", "BLVD", "DRIVE", "DR", "SUITE", "UNIT", "FLOOR",
                                       "STRASSE", "STR", "WEG", "PLATZ", "ALLEE", "HWY", "HIGHWAY",
        "RUE", "BD", "BOULEVARD", "CALLE", "AVDA", "AVENIDA", "PLAZA", "VIA", "VIALE", "PIAZZA", "CORSO", "RUA", "ULICA", "UL",
        "STRAAT", "LAAN", "PLEIN"]
    // Dutch, German and Nordic streets are one word ending in its kind: "Dorpsstraat 1", "Hauptstraße 5".
    private static let streetSuffixes = ["STRASSE", "STRAAT", "LAAN", "PLEIN", "GRACHT", "GASSE", "PLATZ", "ALLEE", "DAMM",
                                         "WEG", "GATAN", "VAEGEN", "VEJ", "VEIEN"]
    // Malay street names begin with their kind, and such a line is the address even without a number.
    private static let streetStarts: Set<String> = ["JALAN", "JLN", "LORONG", "PERSIARAN", "LEBUH"]
    // An acronym or a capitalised word, then capitalised words of four letters or more each.
    private static let camelCase = Pattern(#"^(?:[A-Z]+|[A-Z][a-z]+)(?:[A-Z][a-z]{3,})+$"#, caseInsensitive: false)
    // States and countries end address blocks; they are never the shop. Matched exactly: one slip
    // makes other names of them ("ALBERT HEIJN" is no "ALBERTA").
    private static let placeWords: [KeywordPhrase] = ["SELANGOR", "DARUL EHSAN", "DARUL TAKZIM", "JOHOR", "KUALA LUMPUR", "MALAYSIA",
                                     "PULAU PINANG", "PENANG", "PERAK", "KEDAH", "MELAKA", "PAHANG", "SABAH", "SARAWAK",
                                     "ONTARIO", "QUEBEC", "BRITISH COLUMBIA", "ALBERTA", "CANADA", "DEUTSCHLAND"]
    // Also with its opening parenthesis lost: "99 SPEED MART S/B S19537-X)".
    private static let registration = Pattern(#"\(?\s*[0-9A-Z]{4,}\s*[-·]\s*[A-Z0-9]\s*\)|\(\s*\d{5,}[- ]?[A-Z]?\s*\)|\b\d{4,}[\dO]-[A-Z]\b"#,
                                              needsOneOf: ")-")
    /// A branch's number after the name ("PANERA BREAD #601293", "CVS/pharmacy #01123"): no part of the name.
    private static let branchNumber = Pattern(#"\s#\s?\d{2,6}\s*$"#, needsOneOf: "#")
    // "MAGASIN / STORE # 141", "STORE 1234": the branch's number, not its name.
    private static let storeNumber = Pattern(#"\bSTORE\s*(?:#|NO\.?)?\s*\d"#, needsOneOf: Pattern.digits)
    // Five-digit codes, phone numbers, Canada's "T2J 3K9", Britain's "NW1 2RT", Australia's "WA 6000".
    private static let postalOrPhone = Pattern(
        #"\b\d{5}\b|\d{2,4}[- ]\d{3,4}[- ]?\d{3,4}|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|"# + PostalCode.british + "|" + PostalCode.australian,
        needsOneOf: Pattern.digits)

    /// - Parameter bodyChain: the first chain named anywhere in the text (`KnownMerchant.find`), found once by the caller.
    static func candidates(in text: ReceiptText, bodyChain: (merchant: KnownMerchant, line: Int)?) -> [FieldCandidate<String>] {
        var result: [FieldCandidate<String>] = []
        let top = text.upperLines.prefix(12)
        // Asked of each header line and its neighbours several times below: decided once per line.
        let nameLikeLines = text.upperLines.prefix(top.count + 1).indices.map { isNameLike(text.upperLines[$0], label: text.labels[$0]) }
        func isNameLine(_ index: Int) -> Bool {
            nameLikeLines.indices.contains(index) ? nameLikeLines[index] : isNameLike(text.upperLines[index], label: text.labels[index])
        }
        // In the header a chain counts only on a name-like line, not inside an address ("... TESCO TERBAU").
        // A line beginning "by" names the owner of the brand above it ("DUANE READE" / "by Walgreens"), not the shop.
        let nameLines = top.indices.filter { (isNameLine($0) || text.upperLines[$0].split(separator: " ").count <= 2)
            && text.labels[$0].words.first != "BY" }
        if let known = KnownMerchant.find(in: text, at: nameLines) {
            result.append(FieldCandidate(value: known.merchant.brand, confidence: 0.95, lineIndex: known.line, reason: "known chain",
                                         features: ["chain": 1, "chain_in_header": 1]))
        } else if let (index, merchant) = text.upperLines.prefix(3).indices.lazy.compactMap({ index in
            KnownMerchant.all.first { $0.isNamedWithSlip(in: text.labels[index]) }.map { (index, $0) }
        }).first {
            result.append(FieldCandidate(value: merchant.brand, confidence: 0.8, lineIndex: index, reason: "known chain, one letter misread",
                                         features: ["chain": 1, "chain_misread": 1]))
        } else if let known = bodyChain {
            // Chains whose logo OCR misses are often named again in the footer or a URL.
            result.append(FieldCandidate(value: known.merchant.brand, confidence: 0.7, lineIndex: known.line, reason: "known chain in body",
                                         features: ["chain": 1, "chain_in_body": 1]))
        }
        var plainLines = 0
        var firstCompanyLine: Int?
        // The header ends where the articles begin: a name below the first amount under it is an article's
        // ("789355 CAFE MELITTA"). An amount above every name is a stamp or a note OCR read first.
        let header = top.indices.first { index in
            AmountScanner.lastAmount(in: top[index]) != nil && nameLikeLines[..<index].contains(true)
        }.map { top[..<$0] } ?? top
        for (index, line) in zip(header.indices, header) {
            guard isNameLine(index) else { continue }
            let label = text.labels[index]
            let name = cleaned(joinedCompanyName(text, at: index))
            // Shop names are printed in capitals or title case; an all-lower-case line is
            // more likely a watermark or handwriting.
            let lowerCase = text.lines[index] == text.lines[index].lowercased()
            let lowerCasePenalty = lowerCase ? 0.25 : 0
            var shared: [String: Double] = ["line_position": Double(index) / Double(top.count)]
            if lowerCase { shared["lower_case"] = 1 }
            if isCompanyLine(label) || sdnBhdAbbreviation.isMatched(by: line) {
                firstCompanyLine = firstCompanyLine ?? index
                let confidence = 0.85 - 0.02 * Double(index) - lowerCasePenalty
                // Under the invoice's title, a company is the customer ("TAX INVOICE" / "GOGIANT ENGINEERING (M) SDN BHD").
                if isRegistered(label, line: line), !text.labels[..<index].contains(where: { $0.hasAny(titleWords) }) {
                    shared["registered_company"] = 1
                }
                let owned = label.words.filter { !suffixWords.contains($0) && $0.count >= 3 }
                let suffixes = label.words.filter { suffixWords.contains($0) }
                // Short words are the name too when there are enough letters: "MR D.I.Y. (M) SDN BHD".
                let ownLetters = ownedLetters(label)
                if ownLetters < 3, name.count > cleaned(text.lines[index]).count, ownedLetters(LineLabel(name.uppercased())) >= 3 {
                    // The name wrapped and its start is on the line above ("POPULAR BOOK" / "CO. (M) SDN BHD").
                    result.append(FieldCandidate(value: name, confidence: confidence, lineIndex: index, reason: "company line",
                                                 features: shared.merging(["company_line": 1, "wrapped_above": 1]) { $1 }))
                } else if ownLetters < 3, index + 1 < text.lines.count, isNameLine(index + 1),
                   !suffixes.allSatisfy(text.labels[index + 1].words.contains) {
                    // Only "BHD" and debris: OCR read the end of a wrapped name before its start.
                    let suffix = suffixes.joined(separator: " ")
                    result.append(FieldCandidate(value: cleaned(text.lines[index + 1]) + " " + suffix, confidence: confidence,
                                                 lineIndex: index + 1, reason: "company name read after its suffix",
                                                 features: shared.merging(["company_line": 1, "suffix_first": 1]) { $1 }))
                } else if !owned.isEmpty, owned.allSatisfy({ shopTypeWords.contains($0) }),
                          let named = [index - 1, index + 1].first(where: { $0 >= 0 && $0 < top.count && isNameLine($0) && isWordy(text.labels[$0]) }) {
                    // "BISTRO & CAFE" under the name, "Bäckerei & Konditorei" over it, is a tagline; the shop is the line next to it.
                    // One such word under the name ends it: "DELPHIN" / "APOTHEKE" is the Delphin-Apotheke.
                    let value = named == index - 1 && label.words.count == 1
                        ? cleaned(text.lines[named]) + " " + cleaned(text.lines[index]) : cleaned(text.lines[named])
                    result.append(FieldCandidate(value: value, confidence: confidence,
                                                 lineIndex: named, reason: "name beside its shop type",
                                                 features: shared.merging(["company_line": 1, "above_shop_type": 1]) { $1 }))
                } else if ownLetters >= 3, !label.words.allSatisfy(shopTypeWords.contains) {
                    // (A shop type alone with no name beside it is a menu's heading: "Café" over "Café crème 5.80".)
                    result.append(FieldCandidate(value: printedSpelling(of: name, below: index, in: text), confidence: confidence,
                                                 lineIndex: index, reason: "company line",
                                                 features: shared.merging(["company_line": 1, "first_company_line": firstCompanyLine == index ? 1 : 0]) { $1 }))
                }
            } else if plainLines < 2, !placeWords.contains(where: label.hasExactly), isWordy(LineLabel(name.uppercased())), !isShopType(label) {
                plainLines += 1
                // Printed names are in capitals, title case or lower case; "HOen&" is a logo misread.
                let mixedCase = Self.hasMixedCaseWord(text.lines[index])
                let confidence = 0.5 - 0.04 * Double(index) - 0.1 * Double(plainLines - 1) - lowerCasePenalty - (mixedCase ? 0.25 : 0)
                var features = shared.merging(["top_line": 1, "second_plain_line": plainLines > 1 ? 1 : 0]) { $1 }
                if mixedCase { features["mixed_case"] = 1 }
                result.append(FieldCandidate(value: printedSpelling(of: name, below: index, in: text), confidence: confidence,
                                             lineIndex: index, reason: "top line", features: features))
            }
        }
        // A chain named below the company line is a location note ("(MR DIY TESCO TERBAU)").
        // Not when the chain's line holds the company line's words ("DRUG MART" over "SHOPPERS DRUG MART #0817").
        if let company = firstCompanyLine, let chain = result.first, chain.reason == "known chain",
           let chainLine = chain.lineIndex, chainLine > company,
           !text.labels[company].words.allSatisfy(text.labels[chainLine].words.contains) {
            result[0].confidence = 0.6
            result[0].features["chain_below_company"] = 1
        }
        // Nor is the owner a line "by ..." names under the shop's name, wherever else it is printed ("myWalgreens Cash rewards").
        if let chain = result.first, chain.features["chain"] == 1, let chainLine = chain.lineIndex, chainLine > 0,
           text.labels[chainLine].words.first == "BY" {
            result[0].confidence = 0.6
            result[0].features["chain_below_company"] = 1
        }
        markPrintedAgain(&result, in: text)
        return result.sorted { $0.confidence > $1.confidence }
    }

    /// A shop's own name is printed more than once: the logo line and the line under it, the web
    /// address, the footer's thanks ("Woolworths" ... "www.woolworths.com.au"); a slogan ("The fresh
    /// food people") or an operator's line ("Betreiber: Kröger Tank GmbH") seldom is. A candidate on one
    /// of the first three lines (or a known chain), one of whose own words (four letters or more, not a company form, shop
    /// type, street or place) stands on two lines or more that are no address, is marked so: a town's
    /// name is printed in the branch's name and its address alike. A name joined from two lines has
    /// each word once, and is not.
    private static func markPrintedAgain(_ candidates: inout [FieldCandidate<String>], in text: ReceiptText) {
        // A known chain counts wherever it was found ("THANK YOU FOR SHOPPING AT GIANT EAGLE" under a misread logo).
        let heads = candidates.indices.filter { (candidates[$0].lineIndex ?? .max) <= 2 || candidates[$0].features["chain"] == 1 }
        guard !heads.isEmpty else { return }
        // Whether a line is an address is asked only of the few lines that name a candidate.
        var addresses: [Int: Bool] = [:]
        for index in heads {
            let name = LineLabel(candidates[index].value)
            let own = Set(name.words.filter(isOwnWord))
            // A chain's brand is matched whole, spaced or not ("MediaMarkt", "Media Markt TV-HiFi-Elektro GmbH").
            let whole = name.compact.utf8.count >= 4 ? Array(name.compact.utf8) : nil
            var printed = 0
            for (line, label) in text.labels.enumerated() where printed < 2 {
                guard label.words.contains(where: own.contains)
                    || whole.map(label.compactHolds) == true
                else { continue }
                let isAddress = addresses[line] ?? isAddress(text.upperLines[line], label: label)
                addresses[line] = isAddress
                if !isAddress { printed += 1 }
            }
            if printed >= 2 { candidates[index].features["printed_again"] = 1 }
        }
    }

    /// A logo OCR read as one word ("OliveGarder", "LAND1", "CHFDRAUI") over the name printed plainly
    /// ("OLIVE GARDEN", "LANDI Bern-Bümpliz", "TIENDAS CHEDRAUI S.A."): the print's spelling of it. A word,
    /// or two run together, of the next three lines that is the logo with a slip or two; unless the logo's
    /// spelling is printed too, and the slip is the print's ("Coles" over "Coes Supermarkets", "Coles Chadstone").
    /// A logo of several words, or of four letters, takes the spelling of a line of as many words and no digits
    /// ("DUANE REAOE" over "DUANE READE", "HFMA" over "HEMA"): the same name read twice, not a town ("28921 VERBANIA").
    static func printedSpelling(of logo: String, below index: Int, in text: ReceiptText) -> String {
        let read = Array(TextSimilarity.lettersForDigits(logo.uppercased()).filter(\.isLetter))
        let allowed = read.count >= 8 ? 2 : 1
        if logo.contains(" ") || read.count == 4 {
            let wordCount = logo.split(separator: " ").count
            guard read.count >= 4, let printed = text.lines[(index + 1)...].prefix(3).lazy.map({ $0.trimmingCharacters(in: nameDebris) }).first(where: { printed in
                let letters = Array(printed.uppercased().filter(\.isLetter))
                return printed.uppercased() != logo.uppercased() && abs(letters.count - read.count) <= allowed
                    && printed.split(whereSeparator: \.isWhitespace).count == wordCount && !printed.contains(where: \.isNumber)
                    && TextSimilarity.editDistance(letters, read) <= allowed
            }) else { return logo }
            // Asked last, of the few logos with a second reading: searching every later line cost more than the rest.
            let spelling = logo.uppercased()
            return text.upperLines[(index + 1)...].contains { $0.contains(spelling) } ? logo : printed
        }
        guard read.count >= 5, !text.labels[(index + 1)...].contains(where: { $0.words.contains(logo.uppercased()) }) else { return logo }
        for line in text.lines[(index + 1)...].prefix(3) {
            let words = line.split(whereSeparator: \.isWhitespace)
            for start in words.indices {
                for end in start..<min(start + 2, words.count) {
                    let printed = words[start...end].joined(separator: " ")
                    let letters = Array(printed.uppercased().filter(\.isLetter))
                    if printed.uppercased() != logo.uppercased(), abs(letters.count - read.count) <= allowed,
                       TextSimilarity.editDistance(letters, read) <= allowed {
                        return printed.trimmingCharacters(in: nameDebris)
                    }
                }
            }
        }
        return logo
    }

    /// A company registered as Malaysia's and Singapore's tax invoices name it, with its legal form or
    /// registration number ("IKANO HANDEL SDN BHD", "(126926-H)"): there the merchant is that company, not
    /// the brand printed above it ("IKEA"), as it is the operator's GmbH line in Germany.
    private static func isRegistered(_ label: LineLabel, line: String) -> Bool {
        label.words.contains(where: registeredForms.contains) || sdnBhdAbbreviation.isMatched(by: line)
            || registration.isMatched(by: line) || label.has(privateLimited)
    }

    private static func isAddress(_ upperLine: String, label: LineLabel) -> Bool {
        postalOrPhone.isMatched(by: upperLine) || label.words.contains(where: isStreetWord)
            || label.words.first.map(streetStarts.contains) == true || placeWords.contains(where: label.hasExactly)
    }

    private static func isOwnWord(_ word: String) -> Bool {
        word.count >= 4 && word.allSatisfy(\.isLetter) && !suffixWords.contains(word) && !shopTypeWords.contains(word)
            && !isStreetWord(word) && !companyWords.contains(where: { $0.text == word }) && !placeWords.contains(where: { $0.text == word })
    }

    /// Company names that wrap keep their pieces: "AIK HUAT ... (SETIA" + "ALAM) SDN BHD",
    /// "LIGHTROOM GALLERY SDN" + "BHD", "HOME MASTER HARDWARE &" + "ELECTRICAL".
    private static func joinedCompanyName(_ text: ReceiptText, at index: Int) -> String {
        var name = text.lines[index]
        let words = LineLabel(name).words
        if index > 0 {
            let previous = text.lines[index - 1]
            let unclosed = previous.filter { $0 == "(" }.count > previous.filter { $0 == ")" }.count
            let onlySuffix = words.allSatisfy(suffixWords.contains)
            // "THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.": a line that starts with "&" goes on the one above,
            // when that one is printed like a name (a logo read as "..staff lund" is not).
            let continues = name.hasPrefix("&") && previous != previous.lowercased()
            if (onlySuffix || continues) && isNameLike(text.upperLines[index - 1], label: text.labels[index - 1])
                || unclosed && !hasSkipWord(text.labels[index - 1]) { name = previous + " " + name }
        }
        let ownLine = text.lines[index]
        let opensParenthesis = ownLine.filter { $0 == "(" }.count > ownLine.filter { $0 == ")" }.count
        if index + 1 < text.lines.count, name.hasSuffix("&") && isNameLike(text.upperLines[index + 1], label: text.labels[index + 1])
            || opensParenthesis && text.lines[index + 1].contains(")") {
            name += " " + text.lines[index + 1]
        }
        return name
    }

    /// A line naming a company form or shop type ("SDN BHD", "ENTERPRISE", "GmbH"); whole
    /// words only, so "SMARTPHONE" is not a "MART".
    private static func isCompanyLine(_ label: LineLabel) -> Bool {
        companyWords.contains { word in
            word.parts.count > 1 ? label.has(word) : label.hasWordMatching(word)
        }
    }

    /// A line that could be a shop name: enough letters, and not an address, phone,
    /// greeting, date or registration number.
    /// - Parameter label: `LineLabel(upperLine)` when the caller has it (`ReceiptText.labels`).
    static func isNameLike(_ upperLine: String, label given: LineLabel? = nil) -> Bool {
        // ("STORE # 141" alone is no name: tested on the whole line.)
        if let number = branchNumber.firstMatch(in: upperLine), !storeNumber.isMatched(by: upperLine) {
            return isNameLike((upperLine as NSString).substring(to: number.location))
        }
        let label = given ?? LineLabel(upperLine)
        let registrations = registration.matches(in: upperLine)
        guard !registrations.isEmpty else { return isNameLikeText(upperLine, label: label, mayHoldRegistration: false) }
        // A registration number ("(126926-H)") is kept only by a company line, and its digits are not the name's.
        guard isCompanyLine(label) || sdnBhdAbbreviation.isMatched(by: upperLine) else { return false }
        let stripped = registrations.reversed().reduce(NSMutableString(string: upperLine)) { line, match in
            line.replaceCharacters(in: NSRange(location: match.location, length: match.length), with: ""); return line
        }
        return isNameLikeText(stripped as String, label: LineLabel(stripped as String), mayHoldRegistration: true)
    }

    /// - Parameter mayHoldRegistration: false when the caller found no registration number in the line.
    private static func isNameLikeText(_ upperLine: String, label: LineLabel, mayHoldRegistration: Bool) -> Bool {
        let (letters, ink) = letterAndInkCounts(upperLine)
        // Digits OCR put into words ("SDN 8HD") are letters; only numbers count as digits, and not a pack size ("100ST").
        let digits = label.words.reduce(0) { sum, word in
            let numbers = numberCount(word)
            return numbers > 0 && !LineLabel.isCountAndUnit(Array(word.utf8)) ? sum + numbers : sum
        }
        // At least one real word, and not just a currency code ("EUR").
        guard label.words.contains(where: { ($0.utf8.allSatisfy { $0 < 0x80 } ? $0.utf8.count : $0.count) >= 3
                                            && !LineItemExtractor.currencyWords.contains($0) }) else {
            return false
        }
        guard letters >= 3, letters * 2 > ink, digits <= letters / 2 else { return false }
        if hasSkipWord(label) { return false }
        if mayHoldRegistration, registration.isMatched(by: upperLine), !isCompanyLine(label) { return false }
        if postalOrPhone.isMatched(by: upperLine) || storeNumber.isMatched(by: upperLine) { return false }
        // "ST" right after a number is a count of pieces ("Schrauben Spax 200 St"), not a street.
        if digits > 0, label.words.indices.contains(where: { index in
            isStreetWord(label.words[index]) && !(label.words[index] == "ST" && index > 0 && label.words[index - 1].allSatisfy(\.isNumber))
        }) { return false }
        if let first = label.words.first, streetStarts.contains(first) { return false }
        if AmountScanner.lastAmount(in: upperLine) != nil { return false }
        // Summary lines ("TOTAL", a lone "CASH") are not names; "HOME MASTER HARDWARE" is.
        // Tested last: a hundred keyword phrases cost more than the tests above.
        switch SummaryLineClassifier.classify(label) {
        case .none: return true
        case .tender?: return label.words.count > 2
        case .total(let strength)? where strength < 0.75: return SummaryLineClassifier.namesBesideTotal(label, words: 2)
        default: return false
        }
    }

    /// How many of a word's characters are numbers; on the bytes when it is ASCII, whose only numbers are 0 to 9
    /// (characters' properties cost a Unicode table lookup each).
    private static func numberCount(_ word: String) -> Int {
        word.utf8.allSatisfy({ $0 < 0x80 }) ? word.utf8.lazy.filter { (0x30...0x39).contains($0) }.count : word.filter(\.isNumber).count
    }

    /// How many letters, and how many characters other than white space, a line has. ASCII
    /// lines (most) are counted on bytes: `Character`'s properties cost a grapheme break and a
    /// Unicode table lookup each, 4 % of a parse.
    static func letterAndInkCounts(_ line: String) -> (letters: Int, ink: Int) {
        var letters = 0, ink = 0
        for byte in line.utf8 {
            if byte >= 0x80 { return (line.filter(\.isLetter).count, line.filter { !$0.isWhitespace }.count) }
            if byte.isASCIILetter { letters += 1 }
            if !byte.isASCIIWhitespace { ink += 1 }
        }
        return (letters, ink)
    }

    /// A word that names a street's kind, alone ("ROAD", "RUE") or as a compound's end ("DORPSSTRAAT").
    private static func isStreetWord(_ word: String) -> Bool {
        addressWords.contains(word) || streetSuffixes.contains { word.count >= $0.count + 3 && word.hasSuffix($0) }
    }

    /// A greeting, notice, label or registration phrase: such a line names no shop.
    private static func hasSkipWord(_ label: LineLabel) -> Bool {
        skipWords.contains { word in word.parts.count > 1 ? label.has(word) : label.hasWord(closeTo: word) }
    }

    /// A word of three letters or more whose case is neither upper, lower nor title case ("HOen", "ThE"),
    /// nor a brand's camel case ("PappaRich", "BHPetrol", "McDonald").
    static func hasMixedCaseWord(_ line: String) -> Bool {
        line.split(whereSeparator: { !$0.isLetter }).contains { word in
            guard word.count >= 3 else { return false }
            let tail = word.dropFirst()
            return !(tail.allSatisfy(\.isUppercase) && word.first!.isUppercase) && !tail.allSatisfy(\.isLowercase)
                && !camelCase.isMatched(by: String(word))
        }
    }

    /// A line that only says what kind of shop it is ("Ristorante Pizzeria", "Bäckerei & Konditorei").
    private static func isShopType(_ label: LineLabel) -> Bool {
        let words = label.words.filter { $0.count >= 3 }
        return !words.isEmpty && words.allSatisfy(shopTypeWords.contains)
    }

    /// Letters of the words that are not company forms.
    private static func ownedLetters(_ label: LineLabel) -> Int {
        label.words.filter { !suffixWords.contains($0) }.reduce(0) { $0 + $1.filter(\.isLetter).count }
    }

    /// Real words rather than OCR debris from a logo or stamp ("Bee", "BRS OY 0d 0 0) DW"):
    /// four letters or more, and at least half the tokens words of three letters or more.
    private static func isWordy(_ label: LineLabel) -> Bool {
        let words = label.words.filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
        // A rule of asterisks or dashes reads as a long word of few letters ("ERRRKAMARERKKERAAKE").
        let isRule = label.words.contains { $0.count >= 12 && Set($0).count <= 5 }
        // A legal form written with dots ends the name as letters ("TIGROS S.p.A.", "ORLEN S.A."); they are no debris.
        let form = dottedLegalForms.first { label.words.count > $0.count && label.words.suffix($0.count).elementsEqual($0) }
        return words.contains { $0.count >= 4 } && words.count * 2 >= label.words.count - (form?.count ?? 0) && !isRule
    }

    private static let dottedLegalForms: [[String]] = [["S", "P", "A"], ["S", "R", "L"], ["S", "A"], ["S", "L"], ["B", "V"], ["N", "V"],
                                                       ["A", "S"], ["SP", "Z", "O", "O"]]

    // Built once, as building it cost more than the trimming.
    private static let nameDebris = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "&()'.")).inverted

    /// The line as printed, minus OCR debris at its ends and doubled spaces.
    private static func cleaned(_ line: String) -> String {
        let ns = NSMutableString(string: line)
        for match in registration.matches(in: line).reversed() {
            ns.replaceCharacters(in: NSRange(location: match.location, length: match.length), with: "")
        }
        if let number = branchNumber.firstMatch(in: ns as String) { ns.deleteCharacters(in: NSRange(location: number.location, length: number.length)) }
        let trimmed = (ns as String).trimmingCharacters(in: nameDebris)
        return trimmed.split(whereSeparator: \.isWhitespace).map(lettersForZeros).joined(separator: " ")
    }

    /// A word of letters with zeros in it is a name OCR read an O of as 0 ("JUMB0", "C0OP"); a word
    /// with other digits ("7-ELEVEN", "HOME24", "3M") stays as printed.
    private static func lettersForZeros(_ word: Substring) -> String {
        guard word.contains("0"), word.filter(\.isLetter).count >= 3,
              word.allSatisfy({ $0.isLetter || $0 == "0" || $0 == "'" || $0 == "&" || $0 == "-" || $0 == "." }) else { return String(word) }
        let upper = word.filter(\.isLetter).allSatisfy(\.isUppercase)
        return String(word.map { $0 == "0" ? (upper ? "O" : "o") : $0 })
    }
}
