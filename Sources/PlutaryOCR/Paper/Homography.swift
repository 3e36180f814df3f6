/// A plane-to-plane projective map (3 × 3, last entry 1): how a flattened
/// receipt's pixels relate to the photo it was cut from.
struct Homography: Equatable {
    /// Row-major h11 … h32; h33 is 1.
    let h: [Double]

    /// The map taking each of four points to its partner; nil when three of them are in a line.
    init?(from source: [SIMD2<Double>], to target: [SIMD2<Double>]) {
        guard source.count == 4, target.count == 4 else { return nil }
        // Two equations per pair in the eight unknowns, solved by Gaussian elimination.
        var rows: [[Double]] = []
        for (p, q) in zip(source, target) {
            rows.append([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x, q.x])
            rows.append([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y, q.y])
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                  abs(rows[pivot][column]) > 1e-9 else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                if factor != 0 { for k in column..<9 { rows[row][k] -= factor * rows[column][k] } }
            }
        }
        h = (0..<8).map { rows[$0][8] / rows[$0][$0] }
    }

    func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let w = h[6] * p.x + h[7] * p.y + 1
        return SIMD2((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
