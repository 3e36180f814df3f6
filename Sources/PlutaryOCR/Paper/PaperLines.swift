import CTesseract
import Foundation

/// The long straight edges in a picture (a Hough transform over its edge pixels): where a
/// sheet's sides may lie when the sheet is no region of its own (white paper on a white table,
/// a finger over a corner, a corner out of the frame).
enum PaperLines {
    /// Grey levels per pixel a gradient must reach to be an edge: paper on a pale table steps by ten or so.
    static let minimumGradient = 3.0
    /// A pixel votes for the lines within this many degrees of its gradient's normal.
    static let angleSpread = 2
    /// Lines kept, strongest first.
    static let kept = 24

    /// Half the side of the mean filter the picture is smoothed with before its gradients are taken:
    /// a sheet's edge drawn in pixels turns in steps, and a 3 × 3 gradient follows each step, not the
    /// edge, so the votes of one long edge scatter over angles.
    static let smoothing: Int32 = 2

    /// The strongest lines in an 8-bit grey picture, each a local peak of the votes; a line needs
    /// votes from edge pixels along `minimumShare` of the picture's longer side.
    static func find(in grey: LeptImage, minimumShare: Double = 0.06) -> [PaperLine] {
        guard let plane = GreyPlane(grey.map { pixBlockconv($0, smoothing, smoothing) }) else { return [] }
        return find(in: plane, minimumShare: minimumShare)
    }

    private static func find(in plane: GreyPlane, minimumShare: Double) -> [PaperLine] {
        let (width, height) = (plane.width, plane.height)
        guard width > 4, height > 4 else { return [] }
        let reach = Int((Double(width * width + height * height)).squareRoot()) + 1
        let rows = 2 * reach + 1
        var votes = [Int32](repeating: 0, count: 180 * rows)
        let cosines = (0..<180).map { cos(Double($0) * .pi / 180) }, sines = (0..<180).map { sin(Double($0) * .pi / 180) }
        // Sobel gradients; an edge pixel is a local maximum across its edge (thin edges vote once).
        var gx = [Double](repeating: 0, count: width * height), gy = gx, magnitude = gx
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let g = plane.sobel(x, y), index = y * width + x
                (gx[index], gy[index], magnitude[index]) = (g.x, g.y, (g * g).sum().squareRoot())
            }
        }
        for y in 2..<(height - 2) {
            for x in 2..<(width - 2) {
                let index = y * width + x
                let m = magnitude[index]
                guard m >= minimumGradient else { continue }
                let stepX = Int((gx[index] / m).rounded()), stepY = Int((gy[index] / m).rounded())
                guard m >= magnitude[index + stepY * width + stepX], m > magnitude[index - stepY * width - stepX] else { continue }
                var direction = Int((atan2(gy[index], gx[index]) * 180 / .pi).rounded())
                if direction < 0 { direction += 180 }
                for spread in -angleSpread...angleSpread {
                    let angle = (direction + spread + 360) % 180
                    let rho = Int((Double(x) * cosines[angle] + Double(y) * sines[angle]).rounded())
                    votes[angle * rows + rho + reach] += 1
                }
            }
        }
        // Peaks: no stronger line within 3 degrees and 6 pixels.
        let least = Int32(minimumShare * Double(max(width, height)))
        var peaks: [PaperLine] = []
        for angle in 0..<180 {
            for row in 0..<rows {
                let count = votes[angle * rows + row]
                guard count >= least else { continue }
                var isPeak = true
                search: for da in -3...3 {
                    let other = angle + da
                    guard other >= 0, other < 180 else { continue }
                    for dr in -6...6 where da != 0 || dr != 0 {
                        let r = row + dr
                        guard r >= 0, r < rows else { continue }
                        let neighbour = votes[other * rows + r]
                        if neighbour > count || (neighbour == count && (da, dr) < (0, 0)) { isPeak = false; break search }
                    }
                }
                if isPeak { peaks.append(PaperLine(angle: Double(angle), rho: Double(row - reach), votes: Int(count))) }
            }
        }
        return Array(peaks.sorted { $0.votes > $1.votes }.prefix(kept))
    }
}
