import CGtk
import CTesseract
import Foundation

/// Renders receipt images with Pango/Cairo and degrades them like a scan (rotation, blur,
/// noise), then writes them in the formats the pipeline reads. Tests never read real receipts.
enum ReceiptImageFactory {
    static let costcoLines = [
        "   COSTCO WHOLESALE",
        "   Store #1234",
        "  03/15/2024  14:32",
        "",
        "KIRKLAND EGGS      7.99",
        "ORGANIC MILK       5.49",
        "BANANAS            1.99",
        "ROTISSERIE CHKN    4.99",
        "PAPER TOWELS      17.99",
        "",
        "SUBTOTAL          38.45",
        "TAX                2.57",
        "TOTAL             41.02",
    ]

    /// A fresh folder per test, so parallel tests never share files.
    static func makeTemporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Draws `lines` in `font` on white, rotated by `degrees`, then blurs and speckles it.
    /// Returns an 8-bit grey Leptonica image the caller must `pixDestroy`.
    static func render(
        lines: [String], font: String = "DejaVu Sans Mono 16", degrees: Double = 2.5, noise: Bool = true, width: Int32 = 420
    ) -> UnsafeMutablePointer<PIX> {
        let lineHeight = 26
        let height = Int32(60 + lines.count * lineHeight)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, Double(width) / 2, Double(height) / 2)
        cairo_rotate(cr, degrees * .pi / 180)
        cairo_translate(cr, -Double(width) / 2, -Double(height) / 2)
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15)  // Thermal print is dark grey, not black.
        let layout = pango_cairo_create_layout(cr)!
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        for (index, line) in lines.enumerated() {
            cairo_move_to(cr, 30, 30 + Double(index * lineHeight))
            pango_layout_set_text(layout, line, -1)
            pango_cairo_show_layout(cr, layout)
        }
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let pix = pixCreate(width, height, 8)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var generator = SplitMix(seed: 42)
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                // 3×3 box blur of the green channel stands in for scanner softness.
                var sum = 0, count = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (sx, sy) = (x + dx, y + dy)
                        guard sx >= 0, sy >= 0, sx < Int(width), sy < Int(height) else { continue }
                        sum += Int(data[sy * stride + sx * 4 + 1])
                        count += 1
                    }
                }
                var value = sum / count
                if noise { value += Int(generator.next() % 25) - 12 }
                pixSetPixel(pix, Int32(x), Int32(y), UInt32(min(255, max(0, value))))
            }
        }
        return pix
    }

    /// Encodes a Leptonica image (not consumed) as PNG or JPEG bytes.
    static func encode(_ pix: UnsafeMutablePointer<PIX>, jpeg: Bool) -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = jpeg ? pixWriteMemJpeg(&bytes, &size, pix, 90, 0) : pixWriteMemPng(&bytes, &size, pix, 0)
        precondition(status == 0, "Leptonica could not encode the test image")
        defer { free(bytes) }
        return Data(bytes: bytes!, count: size)
    }

    /// Inserts an APP1 Exif segment holding only the orientation tag right after SOI.
    static func withExifOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // Big-endian, IFD0 at offset 8.
        tiff += [0x00, 0x01]  // One entry:
        tiff += [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0]
        tiff += [0, 0, 0, 0]  // No next IFD.
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: segment)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
