import CONNXRuntime
import Foundation

/// One ONNX model loaded into ONNX Runtime (through the library loaded at run time). A session
/// is made once per model and process; `run` is safe from several threads at once, as ONNX
/// Runtime's own sessions are, which is why the class is `@unchecked Sendable`.
final class ORTSession: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Loads ONNX Runtime from `libraryPath` (once per process) and the model at `modelPath`.
    /// - Parameter threads: threads one `run` may use; jobs × threads should not exceed the cores.
    init(modelPath: String, libraryPath: String, threads: Int) throws {
        try Self.loadLibrary(at: libraryPath)
        guard FileManager.default.isReadableFile(atPath: modelPath) else {
            throw ORTSessionError(message: "no model file at \(modelPath)")
        }
        var error = [CChar](repeating: 0, count: Self.errorSize)
        guard let handle = plutary_ort_session_create(modelPath, Int32(max(1, threads)), &error, Self.errorSize) else {
            throw ORTSessionError(message: "cannot load \((modelPath as NSString).lastPathComponent): \(Self.message(error))")
        }
        self.handle = handle
    }

    deinit { plutary_ort_session_release(handle) }

    /// Room for ONNX Runtime's error messages.
    private static let errorSize = 512
    private static let maxRank = 8

    /// The NUL-terminated message the C side wrote into `buffer`.
    private static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func loadLibrary(at path: String) throws {
        // Checked here too: once a library is loaded, the C side does not look at the path again.
        guard FileManager.default.fileExists(atPath: path) else {
            throw ORTSessionError(message: "no ONNX Runtime library at \(path)")
        }
        var error = [CChar](repeating: 0, count: Self.errorSize)
        guard plutary_ort_load(path, &error, Self.errorSize) == 0 else {
            throw ORTSessionError(message: "cannot load ONNX Runtime (\(Self.message(error)))")
        }
    }

    /// The version of the loaded library, e.g. "1.32.0".
    static var libraryVersion: String? { plutary_ort_version().map { String(cString: $0) } }

    /// A value of the model's custom metadata (the recogniser keeps its alphabet there).
    func metadata(_ key: String) -> String? {
        guard let value = plutary_ort_session_metadata(handle, key) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// Runs the model on one float tensor and hands its first output (shape, row-major values)
    /// to `body`, in ONNX Runtime's own buffer: valid only inside `body`, never copied.
    func run<Result>(_ input: [Float], shape: [Int],
                     _ body: (_ shape: [Int], _ values: UnsafeBufferPointer<Float>) throws -> Result) throws -> Result {
        precondition(shape.reduce(1, *) == input.count, "tensor shape does not match its values")
        let dims = shape.map(Int64.init)
        var output: OpaquePointer?
        var values: UnsafePointer<Float>?
        var outputShape = [Int64](repeating: 0, count: Self.maxRank)
        var rank = 0
        var error = [CChar](repeating: 0, count: Self.errorSize)
        let status = input.withUnsafeBufferPointer { input in
            plutary_ort_session_run(handle, input.baseAddress, dims, dims.count, &output, &values, &outputShape, &rank,
                                    Self.maxRank, &error, Self.errorSize)
        }
        guard status == 0, let output else { throw ORTSessionError(message: Self.message(error)) }
        defer { plutary_ort_output_release(output) }
        let resultShape = outputShape.prefix(rank).map { Int($0) }
        return try body(resultShape, UnsafeBufferPointer(start: values, count: resultShape.reduce(1, *)))
    }
}
