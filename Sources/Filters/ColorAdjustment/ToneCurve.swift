import Foundation
import PixelCore

/// CIToneCurve: R, G and B remapped through a curve through five (x, y) points, applied (as
/// Apple documents) in a perceptual gamma-2 version of the working space: v' = f(√v)².
/// Apple only says "spline"; Lunette uses the monotone cubic Hermite spline of Fritsch and
/// Carlson (1980): C¹, passes through every point, never overshoots between monotone points.
/// Outside [x0, x4] the curve holds y0 / y4, or continues with the end slopes when
/// `inputExtrapolate` is true. Lua: `img | CIToneCurve{point1 = Vector(0.25, 0.2), point3 = Vector(0.75, 0.8)}`
public enum ToneCurve {
    static let defaults: [[Double]] = [[0, 0], [0.25, 0.25], [0.5, 0.5], [0.75, 0.75], [1, 1]]

    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIToneCurve", "Tone Curve",
        "Remaps R, G and B through a smooth monotone spline through five (x, y) points, in a gamma-2 perceptual space.",
        inputs: [.image()]
            + (0..<5).map { i in
                .vector(
                    "inputPoint\(i)", "Point \(i)", type: "CIAttributeTypeOffset", default: defaults[i], identity: defaults[i],
                    "Control point \(i) of the curve (input, output).")
            } + [
                .boolean(
                    "inputExtrapolate",
                    "When true the curve continues past its end points with their slopes; otherwise it holds the end values.")
            ]
    ) { f in
        let image = try f.image()
        let pts = (0..<5).map { f.vector("inputPoint\($0)") }
        if pts.map(\.components) == defaults { return image }
        let spline = try Spline(
            pts.map { SIMD2($0[0], $0[1]) }, extrapolate: f.number("inputExtrapolate") != 0,
            filter: f.filter)
        return image.mappedStraight { c in SIMD3(spline.gamma2(c.x), spline.gamma2(c.y), spline.gamma2(c.z)) }
    }

    /// A five-point monotone cubic Hermite spline, in Float for the kernel.
    struct Spline: Sendable {
        var x = SIMD8<Float>(), y = SIMD8<Float>(), m = SIMD8<Float>()
        let extrapolate: Bool

        init(_ points: [SIMD2<Double>], extrapolate: Bool, filter: String) throws {
            self.extrapolate = extrapolate
            let p = points.sorted { $0.x < $1.x }
            for i in 0..<4 where !(p[i + 1].x > p[i].x) {
                throw LunetteError.invalid("\(filter): control points need distinct x values (two are at x = \(fmt(p[i].x)))")
            }
            let ms = Self.slopes(p)
            for i in 0..<5 { x[i] = Float(p[i].x); y[i] = Float(p[i].y); m[i] = Float(ms[i]) }
        }

        /// Fritsch–Carlson tangents: averaged secants, zero at extrema, limited to α² + β² ≤ 9.
        static func slopes(_ p: [SIMD2<Double>]) -> [Double] {
            let d = (0..<4).map { (p[$0 + 1].y - p[$0].y) / (p[$0 + 1].x - p[$0].x) }
            var m = [d[0]] + (1..<4).map { d[$0 - 1] * d[$0] <= 0 ? 0 : (d[$0 - 1] + d[$0]) / 2 } + [d[3]]
            for k in 0..<4 {
                if d[k] == 0 { m[k] = 0; m[k + 1] = 0; continue }
                let a = m[k] / d[k], b = m[k + 1] / d[k]
                let s = a * a + b * b
                if s > 9 {
                    let t = 3 / s.squareRoot()
                    m[k] = t * a * d[k]; m[k + 1] = t * b * d[k]
                }
            }
            return m
        }

        /// The curve at `v`.
        @inline(__always) func callAsFunction(_ v: Float) -> Float {
            if v <= x[0] { return extrapolate ? y[0] + m[0] * (v - x[0]) : y[0] }
            if v >= x[4] { return extrapolate ? y[4] + m[4] * (v - x[4]) : y[4] }
            var k = 0
            while k < 3 && v >= x[k + 1] { k += 1 }
            let h = x[k + 1] - x[k], t = (v - x[k]) / h
            let t2 = t * t, t3 = t2 * t
            return (2 * t3 - 3 * t2 + 1) * y[k] + (t3 - 2 * t2 + t) * h * m[k]
                + (3 * t2 - 2 * t3) * y[k + 1] + (t3 - t2) * h * m[k + 1]
        }

        /// The curve applied in gamma-2 space to a linear value (odd-symmetric).
        @inline(__always) func gamma2(_ v: Float) -> Float {
            let q = self(v < 0 ? -(-v).squareRoot() : v.squareRoot())
            return q < 0 ? -q * q : q * q
        }
    }
}
