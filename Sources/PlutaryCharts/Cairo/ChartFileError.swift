import Foundation
import PlutaryCore

/// Why a chart could not be written to a file.
public struct ChartFileError: Error, LocalizedError, Equatable {
    public let path: String
    public let reason: String

    public var errorDescription: String? {
        String(format: tr("Could not save the chart to %@: %@"), path, reason)
    }
}
