/// How much of a quadrilateral's sides lie on the paper's edge: along each side, points where the
/// grey level steps sharply (over a few pixels) between two different surfaces, all at the same
/// distance from the side, so along one straight edge. Print inside the paper steps too, but at
/// scattered distances, and a printed rule has the same paper on both sides; a shadow across the
/// paper, or light falling off, changes too softly to step. Beyond a sheet's side lies what the
/// sheet lies on, not print: a crease or a printed rule across the receipt has print beyond it.
enum PaperEdges {
    /// Points looked at along each side.
    static let samples = 40
    /// How far from the side, inward and outward, the edge is looked for.
    static let reach = 6
    /// Half the span a step is measured over: an edge blurred by the camera is a few pixels wide.
    static let span = 2
    /// Grey levels a step must reach: white paper on a pale table steps by about ten.
    static let minimumStep = 8
    /// Levels by which the bands either side of the step (3 to 7 pixels off) must differ.
    static let minimumContrast = 5.0
    /// Pixels an edge point may lie off the side's median edge and still be on the same straight edge.
    static let straightness = 3
    /// Where beyond a side print is looked for (pixels outside it), and the gradient that is print.
    static let beyond = 6...20
    static let printGradient = 10.0

    /// Per side (top, right, bottom, left from `quad`'s first corner): the share of its points seen
    /// in the picture that are on one straight edge, the share of its points the picture holds, and
    /// the share of the pixels in a band beyond it that are print (strong gradients).
    static func support(of quad: PaperQuad, in plane: GreyPlane) -> [(onEdge: Double, seen: Double, print: Double)] {
        PaperSide.sides(of: quad).map { side in
            guard let side else { return (0, 0, 1) }
            let normal = side.inward
            var offsets: [Int] = [], seen = 0, looked = 0, printed = 0
            for index in 0..<samples {
                let point = side.point(index, of: samples)
                for offset in beyond {
                    guard let gradient = plane.gradient(point - normal * Double(offset)) else { continue }
                    looked += 1
                    if gradient >= printGradient { printed += 1 }
                }
                guard let profile = profile(at: point, inward: normal, in: plane) else { continue }
                seen += 1
                if let offset = edgeOffset(in: profile) { offsets.append(offset) }
            }
            guard seen > 0 else { return (0, 0, 1) }
            let median = offsets.isEmpty ? 0 : offsets.sorted()[offsets.count / 2]
            let straight = offsets.filter { abs($0 - median) <= straightness }.count
            return (Double(straight) / Double(seen), Double(seen) / Double(samples), looked > 0 ? Double(printed) / Double(looked) : 0)
        }
    }

    /// Levels from `reach + 7` pixels outside the point to as far inside; nil when the point is out
    /// of the picture or on its border. Beyond the picture's border the border's level stands in: a sheet's side
    /// may lie a few pixels from it.
    private static func profile(at point: SIMD2<Double>, inward: SIMD2<Double>, in plane: GreyPlane) -> [Int]? {
        // On the picture's border is where a side out of the frame was cut: not seen.
        guard point.x >= 1.5, point.y >= 1.5, point.x <= Double(plane.width) - 2.5, point.y <= Double(plane.height) - 2.5 else { return nil }
        let extent = reach + 7
        return (-extent...extent).map { offset in
            let p = point + inward * Double(offset)
            return plane[min(plane.width - 1, max(0, Int(p.x.rounded()))), min(plane.height - 1, max(0, Int(p.y.rounded())))]
        }
    }

    /// Where, within `reach` of the middle, the profile steps most, when that is a step between two
    /// surfaces: an offset from the middle, or nil.
    private static func edgeOffset(in profile: [Int]) -> Int? {
        let middle = profile.count / 2
        var best: (offset: Int, step: Int)?
        for offset in -reach...reach {
            let step = abs(profile[middle + offset + span] - profile[middle + offset - span])
            if step >= minimumStep, step > best?.step ?? 0 { best = (offset, step) }
        }
        guard let best else { return nil }
        let at = middle + best.offset
        func band(_ range: ClosedRange<Int>) -> Double { Double(range.map { profile[at + $0] }.reduce(0, +)) / Double(range.count) }
        return abs(band(3...7) - band(-7 ... -3)) >= minimumContrast ? best.offset : nil
    }
}
