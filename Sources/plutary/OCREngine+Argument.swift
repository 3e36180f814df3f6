import ArgumentParser
import PlutaryOCR

/// `--engine auto|ppocr|tesseract` takes the engine's raw values.
extension OCREngine: ExpressibleByArgument {}
