import Foundation

/// Orders detected text regions into the lines a person reads. On a receipt a line is often
/// two regions far apart (the item on the left, its price on the right), and the paper is often
/// a little tilted, so regions are compared in the page's own frame (turned by the median tilt
/// of the text) and go on one line when each one's centre lies within the other's height.
enum ReadingOrder {
    /// Indices into `quads`, one array per line, lines top to bottom and regions left to right.
    static func lines(_ quads: [TextQuad]) -> [[Int]] {
        guard !quads.isEmpty else { return [] }
        let tilt = pageTilt(quads)
        let (c, s) = (cos(tilt), sin(tilt))
        // Centres in the page's frame: x along the text lines, y across them.
        let along = quads.map { c * $0.center.x + s * $0.center.y }
        let across = quads.map { -s * $0.center.x + c * $0.center.y }
        var lines: [(indices: [Int], y: Double, height: Double)] = []
        for index in quads.indices.sorted(by: { across[$0] < across[$1] }) {
            let height = quads[index].height
            // The line nearest in height whose centre and this region's centre each lie within the other.
            let match = lines.indices.filter { abs(lines[$0].y - across[index]) < min(height, lines[$0].height) / 2 }
                .min { abs(lines[$0].y - across[index]) < abs(lines[$1].y - across[index]) }
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
