import ArgumentParser
import PlutarySecrets

/// The keyring for the token commands, or a clear error when there is none.
enum KeyringAccess {
    static func open() throws -> KeyringTokenStore {
        let keyring = KeyringTokenStore()
        guard keyring.isAvailable else {
            throw ValidationError("No keyring (Secret Service) is reachable; analyze can take the token from $PLUTARY_API_TOKEN instead.")
        }
        return keyring
    }
}
