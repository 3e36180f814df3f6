// The libsecret-backed TokenStore lands with the keyring issue (#6); the target exists so the layering is fixed now.
import PlutaryCore
