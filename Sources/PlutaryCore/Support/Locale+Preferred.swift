import Foundation

extension Locale {
    /// The locale dates, numbers and money are shown in. Foundation on Linux does
    /// not read the POSIX locale variables, so they are read here: LC_ALL, then
    /// LC_TIME, then LANG; when those say C or POSIX, the first LANGUAGE entry
    /// (the language the messages are shown in).
    public static var preferred: Locale {
        // Each variable on its own: a copy of the whole environment took most of the time a
        // sparkline took to draw (a list row's, 15 of them in a frame of the Products list).
        preferred { getenv($0).map { String(cString: $0) } }
    }

    static func preferred(environment: [String: String]) -> Locale {
        preferred { environment[$0] }
    }

    /// The locale the variables `variable` reads (by name) name.
    static func preferred(variable: (String) -> String?) -> Locale {
        func identifier(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            let name = String(value.split(separator: ".").first ?? "").split(separator: "@").first.map(String.init) ?? ""
            return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
        }
        var posix: String?
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = variable(name), !value.isEmpty {
                posix = value
                break
            }
        }
        if let name = identifier(posix) { return Locale(identifier: name) }
        if let language = variable("LANGUAGE")?.split(separator: ":").first, let name = identifier(String(language)) {
            return Locale(identifier: name)
        }
        return Locale(identifier: "en_US")
    }
}
