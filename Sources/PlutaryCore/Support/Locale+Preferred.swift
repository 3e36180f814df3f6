import Foundation

extension Locale {
    /// The locale dates, numbers and money are shown in. Foundation on Linux does
    /// not read the POSIX locale variables, so they are read here: LC_ALL, then
    /// LC_TIME, then LANG; when those say C or POSIX, the first LANGUAGE entry
    /// (the language the messages are shown in).
    public static var preferred: Locale {
        preferred(environment: ProcessInfo.processInfo.environment)
    }

    static func preferred(environment: [String: String]) -> Locale {
        func identifier(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            let name = String(value.split(separator: ".").first ?? "").split(separator: "@").first.map(String.init) ?? ""
            return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
        }
        let posix = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]].first { !($0 ?? "").isEmpty } ?? nil
        if let name = identifier(posix) { return Locale(identifier: name) }
        if let language = environment["LANGUAGE"]?.split(separator: ":").first, let name = identifier(String(language)) {
            return Locale(identifier: name)
        }
        return Locale(identifier: "en_US")
    }
}
