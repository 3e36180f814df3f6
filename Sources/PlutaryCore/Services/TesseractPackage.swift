/// How distributions package Tesseract's language data, so both the OCR error
/// and Settings name the same package.
public enum TesseractPackage {
    /// The Debian package shipping a language: `chi_sim` → `tesseract-ocr-chi-sim`.
    public static func debianName(for language: String) -> String {
        "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
