import Foundation

/// Orders detected text regions into the lines a person reads. On a receipt a line is often
/// two regions far apart (the item on the left, its price on the right), and the paper is often
/// a little tilted, so regions are compared in the page's own frame (turned by the median tilt
/// of the text) and go on one line when each one's centre lies within the other's height.
/// Photographed paper is also bowed or seen in perspective: its lines curve or fan out, and a
/// price at the right edge drifts from its name by more than half a line. So a region is
/// compared with where the line runs at its position: followed from the line's nearest region
/// along the direction the text takes there (`SlopeField`, fitted to all the long regions).
enum ReadingOrder {
    /// Indices into `quads`, one array per line, lines top to bottom and regions left to right.
    static func lines(_ quads: [TextQuad]) -> [[Int]] {
        guard !quads.isEmpty else { return [] }
        let tilt = pageTilt(quads)
        let (c, s) = (cos(tilt), sin(tilt))
        // Centres in the page's frame: x along the text lines, y across them.
        let along = quads.map { c * $0.center.x + s * $0.center.y }
        let across = quads.map { -s * $0.center.x + c * $0.center.y }
        let field = SlopeField(quads.indices.filter { quads[$0].width >= 2 * quads[$0].height }.map {
            (x: along[$0], y: across[$0], slope: tan(quads[$0].angle - tilt))
        })
        var lines: [(indices: [Int], y: Double, height: Double)] = []
        // How far the region's centre lies from where `line` runs at its position along the text.
        func distance(_ line: (indices: [Int], y: Double, height: Double), _ index: Int) -> Double {
            guard let field else { return abs(line.y - across[index]) }
            let nearest = line.indices.min { abs(along[$0] - along[index]) < abs(along[$1] - along[index]) }!
            let slope = field.slope(x: (along[nearest] + along[index]) / 2, y: (across[nearest] + across[index]) / 2)
            return abs(across[nearest] + slope * (along[index] - along[nearest]) - across[index])
        }
        for index in quads.indices.sorted(by: { across[$0] < across[$1] }) {
            let height = quads[index].height
            // The nearest line where each one's centre lies within the other's height.
            let distances = lines.map { distance($0, index) }
            let match = lines.indices.filter { distances[$0] < min(height, lines[$0].height) / 2 }
                .min { distances[$0] < distances[$1] }
            if let match {
                var line = lines[match]
                line.indices.append(index)
                line.y = line.indices.map { across[$0] }.reduce(0, +) / Double(line.indices.count)
                line.height = line.indices.map { quads[$0].height }.sorted()[line.indices.count / 2]
                lines[match] = line
            } else {
                lines.append(([index], across[index], height))
            }
        }
        return lines.sorted { $0.y < $1.y }.map { $0.indices.sorted { along[$0] < along[$1] } }
    }

    /// The median direction of the regions clearly longer than high (short ones say little
    /// about their direction); 0 when there are none.
    static func pageTilt(_ quads: [TextQuad]) -> Double {
        let angles = quads.filter { $0.width >= 2 * $0.height }.map(\.angle).sorted()
        return angles.isEmpty ? 0 : angles[angles.count / 2]
    }
}
