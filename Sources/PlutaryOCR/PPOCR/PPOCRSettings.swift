/// The PP-OCR pipeline's numbers, PaddleOCR's defaults unless measured otherwise.
struct PPOCRSettings: Sendable {
    /// Longer side of the image the detector sees. Measured on the tuning half of the dev
    /// receipts (13 German scans, 14 SROIE): 1280 read as many totals and dates as 1600 and
    /// 2000, with 15 % less CPU than 2000 and peak memory 741 MB against 1184 MB (2 jobs).
    var detectionMaxSide = 1280
    /// Pixels the detector sees at most: its activations grow with the area, and a wide
    /// 992×1403 scan took 409 MB at peak against 314 MB capped. On 73 tuning receipts (60 SROIE,
    /// 13 German) the cap read the same totals and chains, one date fewer, one merchant more.
    var detectionMaxPixels = 700_000
    var postProcessor = DBPostProcessor()
    /// The classifier must be this sure a line is upside down before it is turned.
    var flipThreshold = 0.9
    /// Lines read with less confidence are dropped (PaddleOCR's text_score).
    var textScore = 0.5
    /// Crops per model run in direction classification and recognition. PaddleOCR runs 6; on 6
    /// German scans with 2 jobs, 2 took no more CPU (less padding to the widest crop) and
    /// 454 MB at peak against 554 MB.
    var batchSize = 2
}
