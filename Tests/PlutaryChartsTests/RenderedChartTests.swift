import CGtk
import Foundation
import Testing
@testable import PlutaryCharts

/// Each chart painted to a PNG by Cairo and read back: pixels are probed where
/// the layout put bars, slices and points (no golden files).
final class RenderedChartTests {
    /// A decoded PNG: ARGB32 pixels as Cairo stores them.
    struct Image {
        let width: Int
        let height: Int
        let pixels: [UInt32]

        init(url: URL) throws {
            let surface = try #require(cairo_image_surface_create_from_png(url.path))
            defer { cairo_surface_destroy(surface) }
            #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
            cairo_surface_flush(surface)
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = try #require(cairo_image_surface_get_data(surface))
            var pixels: [UInt32] = []
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { pixels.append(row[x]) }
            }
            self.pixels = pixels
        }

        func rgb(_ point: CGPoint) -> (Int, Int, Int) {
            let value = pixels[Int(point.y) * width + Int(point.x)]
            return (Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF))
        }

        func matches(_ point: CGPoint, _ color: ChartColor, tolerance: Int = 3) -> Bool {
            let (r, g, b) = rgb(point), expected = color.bytes
            return abs(r - Int(expected.red)) <= tolerance && abs(g - Int(expected.green)) <= tolerance
                && abs(b - Int(expected.blue)) <= tolerance
        }
    }

    private let theme = ChartTheme.light
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-charts-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private func render(_ layout: ChartLayout, _ name: String) throws -> Image {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name + ".png")
        try ChartFile.write(layout, format: .png, to: url)
        let image = try Image(url: url)
        #expect(image.width == Int(layout.size.width) && image.height == Int(layout.size.height))
        return image
    }

    private func context() -> ChartLayoutContext {
        ChartLayoutContext(size: CGSize(width: 600, height: 300), theme: theme, measurer: PangoText(), locale: ChartSamples.english)
    }

    @Test func barsArePaintedWhereTheLayoutPutThem() throws {
        let layout = StackedBarLayout.layout(ChartSamples.bars, in: context())
        let image = try render(layout, "bars")
        let parts = layout.shapes.compactMap { if case .rect(let r, let c) = $0, r.width > 12 { (r, c) } else { nil } }
        #expect(parts.count == 3)
        for (rect, color) in parts {
            #expect(image.matches(CGPoint(x: rect.midX, y: rect.midY), color), "\(rect)")
        }
        let february = parts[2].0
        // Above February's bar and in empty March: the background.
        #expect(image.matches(CGPoint(x: february.midX, y: february.minY - 20), theme.background))
        #expect(image.matches(CGPoint(x: february.midX + 2 * (february.midX - parts[0].0.midX) / 2, y: february.maxY - 5), theme.background))
        // Groceries is blue, household green: the two colours really differ on the image.
        #expect(image.rgb(CGPoint(x: parts[0].0.midX, y: parts[0].0.midY)) != image.rgb(CGPoint(x: parts[1].0.midX, y: parts[1].0.midY)))
    }

    @Test func donutSlicesHaveTheirColoursAndTheHoleIsEmpty() throws {
        let layout = DonutLayout.layout(ChartSamples.donut, in: context())
        let image = try render(layout, "donut")
        var probed = 0
        for shape in layout.shapes {
            guard case .slice(let center, let inner, let outer, let start, let end, let color) = shape else { continue }
            let middle = (start + end) / 2, radius = (inner + outer) / 2
            #expect(image.matches(CGPoint(x: center.x + radius * cos(middle), y: center.y + radius * sin(middle)), color))
            // Just outside the ring: background.
            #expect(image.matches(CGPoint(x: center.x + (outer + 4) * cos(middle), y: center.y + (outer + 4) * sin(middle)), theme.background))
            // In the hole, between the total's lines of text: background.
            #expect(image.matches(CGPoint(x: center.x - inner * 0.8, y: center.y), theme.background))
            probed += 1
        }
        #expect(probed == 4)
    }

    @Test func priceLinesAndTheSparklineAreDrawnThroughTheirPoints() throws {
        let layout = LineLayout.layout(ChartSamples.line, in: context())
        let image = try render(layout, "line")
        let dots = layout.shapes.compactMap { if case .dot(let c, _, let color) = $0 { (c, color) } else { nil } }
        #expect(dots.count == 5)
        for (center, color) in dots { #expect(image.matches(center, color)) }

        let sparkLayout = SparklineLayout.layout(SparklineData(values: [400, 420, 410, 480]), in:
            ChartLayoutContext(size: CGSize(width: 80, height: 24), theme: theme, measurer: PangoText(), locale: ChartSamples.english))
        let spark = try render(sparkLayout, "sparkline")
        guard case .polyline(let points, let color, _) = sparkLayout.shapes[0] else { Issue.record("no line"); return }
        #expect(spark.matches(points.last!, color))
        let middle = CGPoint(x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2)
        #expect(spark.matches(middle, color, tolerance: 40))
        #expect(spark.matches(CGPoint(x: 40, y: 1), theme.background))
    }

    @Test func svgAndPdfFilesAreWrittenByTheSamePainter() throws {
        let layout = DonutLayout.layout(ChartSamples.donut, in: context())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let svg = directory.appendingPathComponent("donut.svg"), pdf = directory.appendingPathComponent("donut.pdf")
        try ChartFile.write(layout, format: .svg, to: svg)
        try ChartFile.write(layout, format: .pdf, to: pdf)
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        #expect(svgText.contains("<svg") && svgText.contains("width=\"600\""))
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        #expect(throws: ChartFileError.self) {
            try ChartFile.write(layout, format: .png, to: URL(fileURLWithPath: "/nonexistent-dir/chart.png"))
        }
    }
}
