import Foundation
import PixelCore

/// CIKaleidoscope: `inputCount` mirrored segments around `inputCenter`. The source is the
/// wedge of angle π/count starting at `inputAngle`; every point is turned back into its
/// segment of angle 2π/count and mirrored across the segment's bisector when it lies in
/// the segment's second half (so segments meet edge to edge, like a mirror kaleidoscope).
/// The input is not clamped: where the wedge leaves the image the result is transparent.
/// Extent: the square around the centre whose half-side is the distance to the input's
/// farthest corner. Evidence: Apple's render (count 3, centre (100, 100), iOS 13) shows three
/// 120° segments, each an upright wedge and its mirror image, cut off where the wedge leaves
/// the photo, on the extent centre ± 1011.65 (its farthest corner); sampled on that
/// extent's own (fractional) pixel grid this model reproduces it at 48 dB PSNR.
/// Lua: `img | CIKaleidoscope{count = 6, center = Vector(200, 150)}`
public enum Kaleidoscope {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIKaleidoscope", "Kaleidoscope",
        "Mirrors a wedge of the image around the centre into the given number of segments, like a kaleidoscope.",
        inputs: [
            .image(),
            .number(
                "inputCount", "Count", type: InputName.scalar, default: 6, min: 1, sliderMin: 1, sliderMax: 64,
                "Number of segments (each a wedge and its mirror image)."),
            .center("Centre of the kaleidoscope."),
            .number(
                .angle, default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0,
                "Direction of the source wedge's first edge, in radians."),
        ]
    ) { f in
        try requireFinite(f, "inputCenter", "inputAngle", "inputCount")
        let image = try f.image()
        let c = f.vector("inputCenter"), count = f.number("inputCount")
        if count < 1 { throw LunetteError.invalid("CIKaleidoscope.inputCount: \(fmt(count)) is below 1") }
        if image.extent.isEmpty { return .empty }
        let frame = TileFrame(center: Point(c[0], c[1]), angle: f.number("inputAngle"))
        let reach = farthestCorner(image.extent, c[0], c[1])
        let folded = LatticeTile.image(image, frame: frame, cell: wedge(count, reach), fold: fold(count))
        if reach.isInfinite { return folded }
        return folded.cropped(to: Rect(c[0] - reach, c[1] - reach, 2 * reach, 2 * reach))
    }

    /// Turns (u, v) back into the source wedge 0 ≤ θ ≤ π/count; the cell id is the segment
    /// and the half it lies in (rotation, or rotation and mirror).
    static func fold(_ count: Double) -> FoldFunction {
        let segment = 2 * Double.pi / count
        return { u, v in
            let r = (u * u + v * v).squareRoot()
            let theta = atan2(v, u)
            let k = (theta / segment).rounded(.down)
            var t = theta - k * segment
            let mirrored = t > segment / 2
            if mirrored { t = segment - t }
            return Fold(u: r * cos(t), v: r * sin(t), cell: SIMD3(Int(k), mirrored ? 1 : 0, 0))
        }
    }

    /// The source wedge cut at radius `reach` (a convex polygon around it).
    static func wedge(_ count: Double, _ reach: Double) -> [(Double, Double)] {
        let half = min(Double.pi, Double.pi / count), r = reach.isFinite ? reach : 1e9
        let steps = 8
        let arc = (0...steps).map { i -> (Double, Double) in
            let a = half * Double(i) / Double(steps)
            return (r / cos(half / Double(2 * steps)) * cos(a), r / cos(half / Double(2 * steps)) * sin(a))
        }
        return [(0, 0)] + arc
    }

    /// The distance from (x, y) to the farthest corner of `r` (infinite for an infinite extent).
    static func farthestCorner(_ r: Rect, _ x: Double, _ y: Double) -> Double {
        if r.isInfinite { return .infinity }
        let dx = max(abs(r.minX - x), abs(r.maxX - x)), dy = max(abs(r.minY - y), abs(r.maxY - y))
        return (dx * dx + dy * dy).squareRoot()
    }
}
