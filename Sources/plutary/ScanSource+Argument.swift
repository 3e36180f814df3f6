import ArgumentParser
import PlutaryCore

/// `--source adf|flatbed` takes the source's raw values.
extension ScanSource: ExpressibleByArgument {}
