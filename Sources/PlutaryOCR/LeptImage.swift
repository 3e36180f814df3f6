import CTesseract

/// Owns one Leptonica `PIX` and destroys it in `deinit`. Not Sendable: an image is
/// made, transformed and recognised on one thread.
final class LeptImage {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of a new `PIX`; nil when Leptonica returned none.
    init?(owning pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }

    /// Applies a Leptonica function that returns a new `PIX`; keeps `self` when it returns NULL,
    /// so one failing optional step never loses the image.
    func map(_ transform: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) -> LeptImage {
        LeptImage(owning: transform(pix)) ?? self
    }
}
