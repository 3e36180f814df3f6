import Foundation
import Testing
@testable import PlutaryCharts

struct LayoutMathTests {
    @Test(arguments: [
        (0.0, 873.0, [0.0, 200, 400, 600, 800, 1000]),
        (0.0, 100.0, [0.0, 25, 50, 75, 100]),
        (0.0, 0.0, [0.0, 0.25, 0.5, 0.75, 1]),
        (-30.0, 70.0, [-50.0, -25, 0, 25, 50, 75]),
        (0.0, 123_456.0, [0.0, 25_000, 50_000, 75_000, 100_000, 125_000]),
        (0.0, 7.0, [0.0, 2, 4, 6, 8]),
    ])
    func niceTicksCoverTheDataWithRoundSteps(minimum: Double, maximum: Double, ticks: [Double]) {
        let scale = NiceScale(minimum: minimum, maximum: maximum, tickCount: 5)
        #expect(scale.ticks == ticks)
        #expect(scale.lower <= minimum && scale.upper >= maximum)
    }

    @Test func tallerChartsGetMoreTicks() {
        #expect(StackedBarLayout.tickCount(forHeight: 100) == 3)
        #expect(StackedBarLayout.tickCount(forHeight: 210) == 4)
        #expect(StackedBarLayout.tickCount(forHeight: 1000) == 6)
        let short = StackedBarLayout.layout(ChartSamples.bars, in: ChartSamples.context(600, 160))
        let tall = StackedBarLayout.layout(ChartSamples.bars, in: ChartSamples.context(600, 600))
        func ticks(_ layout: ChartLayout) -> Int { layout.shapes.filter { if case .line = $0 { true } else { false } }.count - 1 }
        #expect(ticks(short) < ticks(tall))
    }

    @Test func ticksWithoutZeroHugTheData() {
        let scale = NiceScale(minimum: 400, maximum: 500, tickCount: 5, includeZero: false)
        #expect(scale.ticks == [400, 425, 450, 475, 500])
        #expect(scale.fraction(450) == 0.5)
    }

    private func rects(_ layout: ChartLayout, _ color: ChartColor) -> [CGRect] {
        layout.shapes.compactMap { if case .rect(let r, let c) = $0, c == color, r.width > 12 { r } else { nil } }
    }

    @Test func barsStackTheirPartsBottomUpInProportion() {
        let layout = StackedBarLayout.layout(ChartSamples.bars, in: ChartSamples.context())
        let theme = ChartTheme.light
        let groceries = rects(layout, theme.color(0)), household = rects(layout, theme.color(1))
        #expect(groceries.count == 2 && household.count == 1)
        let january = groceries[0], januaryTop = household[0]
        // Household sits on Groceries, in the same column, a third of its height.
        #expect(abs(januaryTop.maxY - january.minY) < 1e-9)
        #expect(januaryTop.minX == january.minX && januaryTop.width == january.width)
        #expect(abs(januaryTop.height / january.height - 1.0 / 3.0) < 1e-9)
        // February's one part has the height of 300 of January's 600.
        #expect(abs(groceries[1].height / january.height - 0.5) < 1e-9)
        #expect(groceries[1].maxY == january.maxY)
        #expect(groceries[1].minX > january.maxX)
        // 206 points of plot get four ticks: steps of 250 up to 1000; January's 800 is 4/5 of the way up.
        let labels = layout.shapes.compactMap { if case .text(let t) = $0 { t.string } else { nil } }
        #expect(labels.filter { $0.hasPrefix("CA$") } == ["CA$0", "CA$250", "CA$500", "CA$750", "CA$1,000"])
        let gridY = layout.shapes.compactMap { if case .line(let from, _, _, _) = $0 { Double(from.y) } else { nil } }
        let top = gridY.min()!, bottom = gridY.max()!
        #expect(abs((bottom - Double(januaryTop.minY)) / (bottom - top) - 0.8) < 1e-9)
        #expect(Double(january.maxY) == bottom)
        #expect(labels.contains("Jan") && labels.contains("Mar"))
    }

    @Test func barHitTestsFindThePartAndTheMonth() throws {
        let layout = StackedBarLayout.layout(ChartSamples.bars, in: ChartSamples.context())
        let top = try #require(rects(layout, ChartTheme.light.color(1)).first)
        let hit = try #require(layout.hit(at: CGPoint(x: top.midX, y: top.midY)))
        #expect(hit.target == .bar(key: "2026-01", series: "category:Household"))
        #expect(hit.tooltip == "Household, January 2026: CA$200.00")
        // Above February's bar, still in its column: the whole month.
        let february = try #require(rects(layout, ChartTheme.light.color(0)).last)
        let above = try #require(layout.hit(at: CGPoint(x: february.midX, y: february.minY - 5)))
        #expect(above.target == .bar(key: "2026-02", series: nil))
        #expect(above.tooltip == "February 2026: CA$300.00")
        #expect(layout.hit(at: CGPoint(x: 1, y: 1)) == nil)
    }

    private func slices(_ layout: ChartLayout) -> [(start: Double, end: Double, center: CGPoint, inner: Double, outer: Double)] {
        layout.shapes.compactMap {
            if case .slice(let center, let inner, let outer, let start, let end, _) = $0 { (start, end, center, inner, outer) } else { nil }
        }
    }

    @Test func sliceAnglesStartAtTwelveAndSumToAFullTurn() {
        let layout = DonutLayout.layout(ChartSamples.donut, in: ChartSamples.context())
        let parts = slices(layout)
        #expect(parts.count == 4)
        #expect(abs(parts[0].start + Double.pi / 2) < 1e-12)
        let total = parts.reduce(0) { $0 + ($1.end - $1.start) }
        #expect(abs(total * 180 / Double.pi - 360) < 1e-9)
        #expect(abs((parts[0].end - parts[0].start) / (2 * Double.pi) - 0.5) < 1e-12)
        for (a, b) in zip(parts, parts.dropFirst()) { #expect(a.end == b.start) }
        let labels = layout.shapes.compactMap { if case .text(let t) = $0 { t.string } else { nil } }
        #expect(labels.contains("50.0%") && labels.contains("10.0%") && labels.contains("CA$1,000.00"))
    }

    @Test func donutHitTestsFollowTheSlicesAndSkipTheHole() throws {
        let layout = DonutLayout.layout(ChartSamples.donut, in: ChartSamples.context())
        let parts = slices(layout)
        let radius = (parts[0].inner + parts[0].outer) / 2
        for (index, key) in ["category:Groceries", "category:Household", "category:Electronics", "taxes-and-other"].enumerated() {
            let middle = (parts[index].start + parts[index].end) / 2
            let point = CGPoint(x: parts[index].center.x + radius * cos(middle), y: parts[index].center.y + radius * sin(middle))
            #expect(layout.hit(at: point)?.target == .slice(key: key))
        }
        // The last slice crosses twelve o'clock's left side: just left of the top is still in it.
        let nearTop = CGPoint(x: parts[0].center.x - 3, y: parts[0].center.y - radius)
        #expect(layout.hit(at: nearTop)?.target == .slice(key: "taxes-and-other"))
        #expect(layout.hit(at: parts[0].center) == nil)
        #expect(layout.hit(at: CGPoint(x: parts[0].center.x, y: parts[0].center.y + parts[0].outer + 2)) == nil)
        #expect(layout.hit(at: CGPoint(x: parts[0].center.x + 1, y: parts[0].center.y - radius))?.tooltip == "Groceries: CA$500.00 (50.0%)")
    }

    @Test func linePointsAreHitNearTheirDots() throws {
        let layout = LineLayout.layout(ChartSamples.line, in: ChartSamples.context())
        let dots = layout.shapes.compactMap { if case .dot(let c, _, _) = $0 { c } else { nil } }
        #expect(dots.count == 5)
        // No Frills' December point (500) is the highest on screen.
        #expect(dots.min { $0.y < $1.y } == dots[1])
        let hit = try #require(layout.hit(at: CGPoint(x: dots[1].x + 3, y: dots[1].y - 2)))
        #expect(hit.target == .point(series: "No Frills", index: 1))
        #expect(hit.tooltip == "No Frills, Dec 1, 2025: CA$5.00")
        // Earlier days are further left.
        #expect(dots[0].x < dots[3].x && dots[3].x < dots[1].x)
    }

    @Test func aLineOfThousandsOfPointsIsDrawnAsTheSpanItCoversInEachPixelColumn() throws {
        // A price every day for ten years, one of seven prices by weekday, with a spike on one day.
        let iso = DateFormatter()
        iso.locale = Locale(identifier: "en_US_POSIX")
        iso.timeZone = TimeZone(identifier: "UTC")
        iso.dateFormat = "yyyy-MM-dd"
        let start = try #require(iso.date(from: "2016-01-01"))
        let points: [LineChartData.Point] = (0..<3_650).map { (day: Int) -> LineChartData.Point in
            let value: Double = day == 2_000 ? 900 : 400 + Double(day % 7) * 10
            return LineChartData.Point(day: iso.string(from: start.addingTimeInterval(Double(day) * 86_400)), value: value)
        }
        let layout = LineLayout.layout(LineChartData(title: "MILK 2L", currency: "CAD", series: [.init(title: "No Frills", points: points, colorIndex: 0)]),
                                       in: ChartSamples.context())
        let color = ChartSamples.context().theme.color(0)
        // The line's columns, two pixels wide (the legend's swatch has the line's colour too).
        let spans = layout.shapes.compactMap { if case .rect(let r, color) = $0, r.width == 2 { r } else { nil } }
        #expect(!layout.shapes.contains { if case .dot = $0 { true } else { false } }, "dots would merge into a band")
        #expect(!layout.shapes.contains { if case .polyline = $0 { true } else { false } })
        #expect(spans.count <= 600 && spans.count > 400, "one span per pixel column")
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $1.minX - $0.minX == 1 }, "a rectangle for each pixel column")
        // The spike stays, far above the rest (its rise and fall may cross into a second column),
        // and the line passes through every point that hovering finds.
        let tops = spans.map(\.minY).sorted()
        #expect(tops[0] < tops[2] - 50)
        for region in layout.regions {
            guard case .near(let point, _) = region.area else { Issue.record("not a point"); continue }
            let column = try #require(spans.first { $0.midX == point.x.rounded(.down) + 0.5 })
            #expect(column.minY < point.y && point.y < column.maxY)
        }
        #expect(layout.regions.count <= 600 / 4 + 1 && layout.regions.count > 50, "hovering finds a point every few pixels")

        // A two-pixel line between two points three pixels apart covers the columns between them.
        let between = LineLayout.columnSpans([CGPoint(x: 10.5, y: 20), CGPoint(x: 13.5, y: 26)], width: 2)
        #expect(between == [CGRect(x: 9.5, y: 19, width: 2, height: 3), CGRect(x: 10.5, y: 20, width: 2, height: 4),
                            CGRect(x: 11.5, y: 22, width: 2, height: 4), CGRect(x: 12.5, y: 24, width: 2, height: 3)])

        let sparse = LineLayout.layout(ChartSamples.line, in: ChartSamples.context())
        #expect(sparse.shapes.filter { if case .dot = $0 { true } else { false } }.count == 5, "a sparse line keeps its dots")
    }

    @Test func descriptionsSayTheTitleAndTheValues() {
        let bars = StackedBarLayout.layout(ChartSamples.bars, in: ChartSamples.context())
        #expect(bars.description.hasPrefix("Spending per month. January 2026: CA$800.00 (Groceries CA$600.00, Household CA$200.00)"))
        #expect(bars.description.contains("March 2026: CA$0.00"))
        let donut = DonutLayout.layout(ChartSamples.donut, in: ChartSamples.context())
        #expect(donut.description.contains("Groceries 50.0% (CA$500.00)"))
        #expect(LineLayout.layout(ChartSamples.line, in: ChartSamples.context()).description
                .contains("Walmart: CA$4.20 on Aug 15, 2025 to CA$4.80 on Feb 15, 2026"))
    }

    @Test func nothingToShowGivesTheEmptyState() {
        let empty = BarChartData(title: "Spending per month", currency: "CAD", series: [], bars: [])
        let layout = StackedBarLayout.layout(empty, in: ChartSamples.context())
        #expect(layout.emptyMessage == "No spending in this period")
        #expect(layout.regions.isEmpty)
        #expect(DonutLayout.layout(DonutChartData(title: "", currency: "CAD", slices: []), in: ChartSamples.context()).emptyMessage != nil)
        #expect(SparklineLayout.layout(SparklineData(values: [3]), in: ChartSamples.context(80, 20)).shapes.isEmpty)
    }

    @Test func axisLabelsFollowTheLocaleAndCurrency() {
        let french = ChartValueFormatter(currency: "EUR", locale: Locale(identifier: "fr_FR"))
        let tick = french.tick(150_000, step: 50_000)
        #expect(tick.contains("1") && tick.contains("500") && tick.contains("€") && !tick.contains(","))
        #expect(french.amount(1234).contains("12,34"))
        let yen = ChartValueFormatter(currency: "JPY", locale: ChartSamples.english)
        #expect(yen.tick(2000, step: 500) == "¥2,000")
        #expect(ChartValueFormatter(currency: "CAD", locale: ChartSamples.english).tick(250, step: 50) == "CA$2.50")
    }

    @Test func sparklineSpansTheBoxWithTheLatestValueMarked() throws {
        let layout = SparklineLayout.layout(SparklineData(values: [2, 4, 3]), in: ChartSamples.context(80, 20))
        guard case .polyline(let points, _, _) = layout.shapes[0] else { Issue.record("no line"); return }
        #expect(points.map(\.x) == [3, 40, 77])
        #expect(points[1].y == 3 && points[0].y == 17)
        guard case .dot(let center, _, _) = layout.shapes[1] else { Issue.record("no dot"); return }
        #expect(center == points[2])
        #expect(layout.description.contains("+50.0 %"))
    }
}
