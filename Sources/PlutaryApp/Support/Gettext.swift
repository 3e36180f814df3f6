import CGtk
import Foundation

/// Binds the "plutary" gettext domain to the installed or built translations.
enum Gettext {
    static let domain = "plutary"

    static func setUp(localeDirectory: URL?) {
        // gettext ignores LANGUAGE in the C locale, which is what a locale that
        // was never generated falls back to; C.UTF-8 always exists and keeps it working.
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        if let localeDirectory { bindtextdomain(domain, localeDirectory.path) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}
