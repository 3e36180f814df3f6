import Foundation

/// Why an ECB reference-rate file was refused. Nothing is stored when it is.
public enum ECBImportError: Error, LocalizedError, Equatable {
    case malformed(line: Int, reason: String)
    case notECB
    case noRates
    case badRate(line: Int, value: String)
    case badCurrency(line: Int, value: String)
    case badDay(line: Int, value: String)

    public var errorDescription: String? {
        switch self {
        case .malformed(let line, let reason):
            String(format: tr("The file is not valid XML (line %d: %@). No rates were imported."), line, reason)
        case .notECB:
            tr("The file is not a European Central Bank reference-rate file. No rates were imported.")
        case .noRates:
            tr("The file holds no exchange rates. No rates were imported.")
        case .badRate(let line, let value):
            String(format: tr("Line %d has an invalid rate “%@”. No rates were imported."), line, value)
        case .badCurrency(let line, let value):
            String(format: tr("Line %d has an invalid currency “%@”. No rates were imported."), line, value)
        case .badDay(let line, let value):
            String(format: tr("Line %d has an invalid date “%@”. No rates were imported."), line, value)
        }
    }
}
