import CIntl
import Foundation

/// Translates a UI string through gettext (domain "plutary", bound at startup).
/// Keep the argument a plain one-line literal so xgettext can extract it.
public func tr(_ message: String) -> String {
    message.withCString { original in
        // Untranslated, gettext hands back our own temporary buffer: keep the Swift string.
        guard let translated = gettext(original), translated != original else { return message }
        return String(cString: translated)
    }
}

/// Translates a string with a plural form chosen for `count`.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            guard let chosen = ngettext(one, many, UInt(max(0, count))) else { return count == 1 ? singular : plural }
            if UnsafePointer(chosen) == one { return singular }
            if UnsafePointer(chosen) == many { return plural }
            return String(cString: chosen)
        }
    }
}
