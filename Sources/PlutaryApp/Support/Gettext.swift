import CGtk
import Foundation

/// Binds the "plutary" gettext domain to the installed or built translations.
enum Gettext {
    static let domain = "plutary"

    static func setUp(localeDirectory: URL?) {
        setlocale(LC_ALL, "")
        if let localeDirectory { bindtextdomain(domain, localeDirectory.path) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}
