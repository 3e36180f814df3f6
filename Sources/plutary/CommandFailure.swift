import ArgumentParser
import Foundation
import PlutaryCore

/// A failure the person can act on: ArgumentParser prints "Error: <message>"
/// on standard error and exits with status 1, without the usage text.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String

    init(_ error: Error) {
        let error = StoreError.explained(error)
        message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }

    init(message: String) {
        self.message = message
    }

    var description: String { message }
}
