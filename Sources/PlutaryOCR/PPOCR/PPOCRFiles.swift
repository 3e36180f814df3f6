import Foundation

/// Where PP-OCR's parts are: ONNX Runtime's C library and the folder holding the detection,
/// direction and recognition models (unpacked from their wheels by `make deps`, installed under
/// PREFIX/lib/plutary and PREFIX/share/plutary/models by `make install`).
public struct PPOCRFiles: Sendable, Equatable, Hashable {
    public var library: String
    public var modelDirectory: String

    public static let detectionModel = "PP-OCRv6_det_small.onnx"
    public static let classifierModel = "ch_ppocr_mobile_v2.0_cls_mobile.onnx"
    public static let recognitionModel = "PP-OCRv6_rec_small.onnx"

    public init(library: String, modelDirectory: String) {
        self.library = library
        self.modelDirectory = modelDirectory
    }

    var detection: String { (modelDirectory as NSString).appendingPathComponent(Self.detectionModel) }
    var classifier: String { (modelDirectory as NSString).appendingPathComponent(Self.classifierModel) }
    var recognition: String { (modelDirectory as NSString).appendingPathComponent(Self.recognitionModel) }

    /// The first library (libonnxruntime.so.VERSION, or libonnxruntime.so) in `libraryDirectories`
    /// with the first of `modelDirectories` holding all three models; nil when either is missing.
    public static func find(libraryDirectories: [URL], modelDirectories: [URL]) -> PPOCRFiles? {
        let fm = FileManager.default
        let library = libraryDirectories.lazy.compactMap { directory -> String? in
            let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasPrefix("libonnxruntime.so") }.sorted().last
                .map { directory.appendingPathComponent($0).path }
        }.first
        let models = modelDirectories.first { directory in
            [detectionModel, classifierModel, recognitionModel].allSatisfy {
                fm.isReadableFile(atPath: directory.appendingPathComponent($0).path)
            }
        }
        guard let library, let models else { return nil }
        return PPOCRFiles(library: library, modelDirectory: models.path)
    }
}
