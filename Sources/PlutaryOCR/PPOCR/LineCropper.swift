import CTesseract

/// Cuts text quads out of the page with Leptonica, upright (see `CropGeometry`).
enum LineCropper {
    /// The upright crop of `quad` from a 32-bpp page, or nil when it falls outside the page.
    static func crop(_ page: LeptImage, _ quad: TextQuad) -> LeptImage? {
        let geometry = CropGeometry(quad: quad, imageWidth: page.width, imageHeight: page.height)
        guard geometry.clip.width > 0, geometry.clip.height > 0,
              var image = clip(page, x: geometry.clip.x, y: geometry.clip.y,
                               width: geometry.clip.width, height: geometry.clip.height)
        else { return nil }
        if geometry.rotation != 0 {
            // Embedded in a larger image first (the size arguments), so no corner is cut off.
            guard let turned = LeptImage(owning: pixRotate(
                image.pix, Float(geometry.rotation), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE),
                Int32(image.width), Int32(image.height)))
            else { return nil }
            let origin = geometry.cropOrigin(turnedWidth: turned.width, turnedHeight: turned.height)
            guard let upright = clip(turned, x: origin.x, y: origin.y, width: geometry.width, height: geometry.height)
            else { return nil }
            image = upright
        }
        if geometry.turnsQuarter {
            image = image.map { pixRotateOrth($0, 3) }
        }
        return image
    }

    /// A copy of a rectangle of `image` (cut to the image); nil when none of it is inside.
    static func clip(_ image: LeptImage, x: Int, y: Int, width: Int, height: Int) -> LeptImage? {
        guard let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) else { return nil }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        return LeptImage(owning: pixClipRectangle(image.pix, box, nil))
    }
}
