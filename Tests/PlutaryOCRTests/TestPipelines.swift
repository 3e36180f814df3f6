import PlutaryOCR

/// Pipelines shared by the tests, so each model is loaded once per test run.
enum TestPipelines {
    static let english: OCRPipeline = try! OCRPipeline(options: OCROptions(), engines: 2)
}
