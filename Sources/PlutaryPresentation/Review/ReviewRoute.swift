/// How the person left one receipt in the review screen.
public enum ReviewRoute: Equatable, Sendable {
    /// Written to the store under this id.
    case saved(String)
    /// Not saved; go on with the next receipt.
    case skipped
    /// Not saved; the review ends.
    case discarded
    /// Read again with the image turned by this many quarter turns clockwise.
    case turned(Int)
    /// Read again with the paper's corners where the person put them.
    case repapered([SIMD2<Double>])
}
