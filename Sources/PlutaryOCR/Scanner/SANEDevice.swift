import CSANE
import Foundation
import PlutaryCore

/// One open scanner: sets its options by name and reads sheets. Used inside one SANE
/// session, on one thread.
final class SANEDevice {
    private let sane: PlutarySane
    private let handle: SANE_Handle
    /// The resolution set, in dpi (the device may round the one asked for).
    private(set) var resolution = ScanRequest.defaultResolution
    /// True when the source set is a document feeder: sheets come until it is empty.
    private(set) var feedsSheets = false

    init(sane: PlutarySane, name: String) throws {
        var handle: SANE_Handle?
        let status = sane.open(name, &handle)
        if status == SANE_STATUS_INVAL { throw ScannerError.noSuchScanner(name) }
        guard status == SANE_STATUS_GOOD, let handle else { throw ScannerError.failed(SANEScanner.message(sane, status)) }
        self.sane = sane
        self.handle = handle
    }

    func close() {
        sane.close(handle)
    }

    /// Grey (where offered), the resolution nearest to the one asked for, and the source.
    func configure(_ request: ScanRequest) throws {
        if let mode = option("mode"), let grey = mode.choices.first(where: { ["gray", "grey"].contains(where: $0.lowercased().hasPrefix) }) {
            try set(mode, string: grey)
        }
        if let option = option("resolution") {
            resolution = try set(option, number: request.resolution)
        }
        let source = option("source")
        if let wanted = request.source {
            guard let source else {
                // A scanner without a source option is a flatbed.
                if wanted == .adf { throw ScannerError.noSource(.adf) }
                return
            }
            guard let choice = source.choices.first(where: { Self.source(of: $0) == wanted }) else { throw ScannerError.noSource(wanted) }
            try set(source, string: choice)
        }
        feedsSheets = source.map { Self.source(of: string(of: $0)) == .adf } ?? false
    }

    /// Reads one sheet; nil when the feeder has no sheet left, or when cancelled.
    func readSheet(isCancelled: () -> Bool, progress: (Double) -> Void) throws -> SANESheet? {
        var status = sane.start(handle)
        if status == SANE_STATUS_NO_DOCS { return nil }
        try check(status)
        var parameters = SANE_Parameters()
        try check(sane.get_parameters(handle, &parameters))
        let expected = parameters.lines > 0 ? Int(parameters.bytes_per_line) * Int(parameters.lines) : 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var percent = -1
        while true {
            if isCancelled() {
                sane.cancel(handle)
                return nil
            }
            var length: SANE_Int = 0
            status = sane.read(handle, &buffer, SANE_Int(buffer.count), &length)
            if status == SANE_STATUS_EOF { break }
            try check(status)
            bytes.append(contentsOf: buffer.prefix(Int(length)))
            // Whole percents only: each report crosses to the main thread in the app.
            if expected > 0, bytes.count * 100 / expected > percent {
                percent = bytes.count * 100 / expected
                progress(min(1, Double(percent) / 100))
            }
        }
        return try SANESheet(parameters: parameters, bytes: bytes)
    }

    private func check(_ status: SANE_Status) throws {
        guard status != SANE_STATUS_GOOD else { return }
        switch status {
        case SANE_STATUS_NO_DOCS: throw ScannerError.feederEmpty
        default: throw ScannerError.failed(SANEScanner.message(sane, status))
        }
    }

    /// Sources are named by each backend in its own words ("ADF", "Automatic Document Feeder", "ADF Duplex").
    static func source(of name: String) -> ScanSource? {
        let name = name.lowercased()
        if name.contains("adf") || name.contains("feeder") { return .adf }
        if name.contains("flatbed") { return .flatbed }
        return nil
    }

    // MARK: Options

    private struct Option {
        let index: SANE_Int
        let descriptor: SANE_Option_Descriptor

        var choices: [String] {
            guard descriptor.constraint_type == SANE_CONSTRAINT_STRING_LIST, var entry = descriptor.constraint.string_list else { return [] }
            var choices: [String] = []
            while let name = entry.pointee {
                choices.append(String(cString: name))
                entry += 1
            }
            return choices
        }
    }

    /// The active, settable option called `name`.
    private func option(_ name: String) -> Option? {
        var count: SANE_Int = 0
        guard sane.control_option(handle, 0, SANE_ACTION_GET_VALUE, &count, nil) == SANE_STATUS_GOOD else { return nil }
        for index in 1..<max(1, count) {
            guard let descriptor = sane.get_option_descriptor(handle, index)?.pointee,
                  let optionName = descriptor.name, String(cString: optionName) == name else { continue }
            guard descriptor.cap & SANE_Int(SANE_CAP_SOFT_SELECT) != 0, descriptor.cap & SANE_Int(SANE_CAP_INACTIVE) == 0 else { return nil }
            return Option(index: index, descriptor: descriptor)
        }
        return nil
    }

    private func string(of option: Option) -> String {
        var value = [CChar](repeating: 0, count: max(1, Int(option.descriptor.size)))
        guard sane.control_option(handle, option.index, SANE_ACTION_GET_VALUE, &value, nil) == SANE_STATUS_GOOD else { return "" }
        return String(cString: value)
    }

    private func set(_ option: Option, string: String) throws {
        var value = [CChar](repeating: 0, count: max(Int(option.descriptor.size), string.utf8.count + 1))
        _ = string.withCString { strncpy(&value, $0, value.count - 1) }
        try check(sane.control_option(handle, option.index, SANE_ACTION_SET_VALUE, &value, nil))
    }

    /// Sets a whole number (an int or fixed-point option) to the allowed value nearest `number`;
    /// returns the value the device took.
    private func set(_ option: Option, number: Int) throws -> Int {
        let fixed = option.descriptor.type == SANE_TYPE_FIXED
        let scale = fixed ? 65536 : 1
        var word = SANE_Word(clamping: nearest(number * scale, in: option.descriptor))
        try check(sane.control_option(handle, option.index, SANE_ACTION_SET_VALUE, &word, nil))
        _ = sane.control_option(handle, option.index, SANE_ACTION_GET_VALUE, &word, nil)
        return (Int(word) + scale / 2) / scale
    }

    private func nearest(_ value: Int, in descriptor: SANE_Option_Descriptor) -> Int {
        switch descriptor.constraint_type {
        case SANE_CONSTRAINT_RANGE:
            guard let range = descriptor.constraint.range?.pointee else { return value }
            let clamped = min(max(value, Int(range.min)), Int(range.max))
            guard range.quant > 0 else { return clamped }
            let steps = (clamped - Int(range.min) + Int(range.quant) / 2) / Int(range.quant)
            return min(Int(range.min) + steps * Int(range.quant), Int(range.max))
        case SANE_CONSTRAINT_WORD_LIST:
            guard let list = descriptor.constraint.word_list, list[0] > 0 else { return value }
            let words = (1...Int(list[0])).map { Int(list[$0]) }
            return words.min { abs($0 - value) < abs($1 - value) } ?? value
        default:
            return value
        }
    }
}
