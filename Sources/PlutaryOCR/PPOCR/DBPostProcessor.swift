import Foundation

/// Turns the DB detector's probability map into text quads, as PaddleOCR's DBPostProcess does:
/// threshold, dilate, one region per connected blob, the smallest rectangle around it, drop
/// it when the mean probability inside is low, then "unclip" (grow it back to the whole text,
/// since DB is trained to mark a shrunken core of each line).
struct DBPostProcessor: Sendable {
    /// A pixel is text above this probability.
    var threshold: Float = 0.3
    /// A region is kept when the mean probability inside its rectangle reaches this.
    var boxThreshold = 0.5
    /// How far the core grows back: by area × ratio / perimeter on every side.
    var unclipRatio = 1.6
    /// Beyond this many blobs the rest are noise (a photo of a textured table).
    var maxCandidates = 1000
    /// Regions thinner than this (map pixels) are specks, before and (plus 2) after unclipping.
    var minSide = 3.0

    /// - Parameters:
    ///   - map: probabilities, row-major, `width` × `height`.
    ///   - sourceWidth, sourceHeight: the image the map was computed for, before resizing;
    ///     the quads come back in its pixels.
    func regions(map: [Float], width: Int, height: Int, sourceWidth: Int, sourceHeight: Int) -> [DetectedText] {
        precondition(map.count == width * height, "map size does not match its dimensions")
        let mask = dilated(map.map { $0 > threshold }, width: width, height: height)
        let scale = SIMD2(Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height))
        var found: [DetectedText] = []
        for blob in blobs(mask, width: width, height: height).prefix(maxCandidates) {
            guard let core = RotatedRect.enclosing(blob), min(core.width, core.height) >= minSide else { continue }
            let score = meanProbability(map, width: width, height: height, inside: core.quad)
            guard score >= boxThreshold else { continue }
            let grown = core.expanded(by: core.area * unclipRatio / core.perimeter)
            guard min(grown.width, grown.height) >= minSide + 2 else { continue }
            var quad = grown.quad
            for keyPath in [\TextQuad.topLeft, \.topRight, \.bottomRight, \.bottomLeft] {
                let p = quad[keyPath: keyPath] * scale
                quad[keyPath: keyPath] = SIMD2(min(max(p.x, 0), Double(sourceWidth)), min(max(p.y, 0), Double(sourceHeight)))
            }
            // Clipping at the image edge can leave a sliver.
            guard quad.width > 3, quad.height > 3 else { continue }
            found.append(DetectedText(quad: quad, score: score))
        }
        return found
    }

    /// A 2×2 dilation (PaddleOCR's use_dilation): joins characters a thin gap apart.
    private func dilated(_ mask: [Bool], width: Int, height: Int) -> [Bool] {
        var out = mask
        for y in 0..<height {
            for x in 0..<width where !mask[y * width + x] {
                let left = x > 0 && mask[y * width + x - 1]
                let up = y > 0 && (mask[(y - 1) * width + x] || (x > 0 && mask[(y - 1) * width + x - 1]))
                if left || up { out[y * width + x] = true }
            }
        }
        return out
    }

    /// The 8-connected blobs of the mask, each as the pixels on its border (enough for the hull),
    /// in order of their first pixel from the top.
    private func blobs(_ mask: [Bool], width: Int, height: Int) -> [[SIMD2<Double>]] {
        var seen = [Bool](repeating: false, count: mask.count)
        var result: [[SIMD2<Double>]] = []
        var stack: [Int] = []
        for start in mask.indices where mask[start] && !seen[start] {
            var border: [SIMD2<Double>] = []
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                let (x, y) = (index % width, index / width)
                var inside = 0
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < width, ny < height, mask[ny * width + nx] else { continue }
                        if dx == 0 || dy == 0 { inside += 1 }
                        let neighbour = ny * width + nx
                        if !seen[neighbour] { seen[neighbour] = true; stack.append(neighbour) }
                    }
                }
                if inside < 4 { border.append(SIMD2(Double(x), Double(y))) }
            }
            result.append(border)
        }
        return result
    }

    /// Mean of the map over the pixels whose centres lie in the quad (PaddleOCR's "fast" score).
    private func meanProbability(_ map: [Float], width: Int, height: Int, inside quad: TextQuad) -> Double {
        let corners = quad.corners
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = max(0, Int(xs.min()!.rounded(.down))), x1 = min(width - 1, Int(xs.max()!.rounded(.up)))
        let y0 = max(0, Int(ys.min()!.rounded(.down))), y1 = min(height - 1, Int(ys.max()!.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return 0 }
        var sum = 0.0, count = 0
        for y in y0...y1 {
            for x in x0...x1 where Self.contains(corners, SIMD2(Double(x), Double(y))) {
                sum += Double(map[y * width + x])
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// Whether a point lies in a convex polygon (either winding), counting its edges as inside.
    static func contains(_ polygon: [SIMD2<Double>], _ p: SIMD2<Double>) -> Bool {
        var sign = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if abs(cross) < 1e-6 * max(1, ((b - a) * (b - a)).sum()) { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}
