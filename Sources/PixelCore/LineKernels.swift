import Foundation

/// Weight matrices for the kernel-shaped blurs, in `Image.convolved`'s order (row-major
/// from the top row on screen; weight r·n + c reads (x + c − h, y + h − r) for n = 2h + 1).
public enum KernelShapes {
    /// Taps at `offsets` (pixels) along the direction `angle` (radians, counter-clockwise from
    /// +x) with `weights`, each sampled bilinearly (splatted onto the grid). Returns the
    /// weights and the half sizes. Lua: `img | CIMotionBlur{radius = 20}` builds its passes so.
    public static func line(offsets: [Double], weights: [Double], angle: Double) -> (weights: [Float], hx: Int, hy: Int) {
        let ux = cos(angle), uy = sin(angle)
        let reach = offsets.map(abs).max() ?? 0
        let hx = Int((reach * abs(ux)).rounded(.up)) + 1, hy = Int((reach * abs(uy)).rounded(.up)) + 1
        let cols = 2 * hx + 1, rows = 2 * hy + 1
        var w = [Double](repeating: 0, count: cols * rows)
        for (t, g) in zip(offsets, weights) {
            let px = t * ux, py = t * uy
            let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
            let fx = px - Double(x0), fy = py - Double(y0)
            for (dx, wx) in [(0, 1 - fx), (1, fx)] {
                for (dy, wy) in [(0, 1 - fy), (1, fy)] where wx * wy > 0 {
                    let c = x0 + dx + hx, r = hy - (y0 + dy)
                    w[r * cols + c] += g * wx * wy
                }
            }
        }
        return (w.map { Float($0) }, hx, hy)
    }

    /// A bokeh disc of `radius`: weight 1 inside, a rim `ringSize`·radius wide brightened by
    /// `ringAmount` (up to twice as bright), the edge a smoothstep `softness` pixels wide;
    /// normalised. Returns the weights and the half size.
    public static func bokeh(
        radius: Double, ringAmount: Double, ringSize: Double, softness: Double
    )
        -> (weights: [Float], half: Int)
    {
        let soft = max(softness, 1e-3)
        let h = Int((radius + soft / 2).rounded(.up)), n = 2 * h + 1
        var w = [Double](repeating: 0, count: n * n)
        let rim = radius * (1 - ringSize)
        for r in 0..<n {
            for c in 0..<n {
                let d = hypot(Double(c - h), Double(r - h))
                // Coverage falls from 1 to 0 across [radius − soft/2, radius + soft/2].
                let t = min(max((radius + soft / 2 - d) / soft, 0), 1)
                let cover = t * t * (3 - 2 * t)
                let ring = ringSize > 0 && d >= rim ? 1 + ringAmount : 1
                w[r * n + c] = cover * ring
            }
        }
        let sum = w.reduce(0, +)
        return (sum > 0 ? w.map { Float($0 / sum) } : [1], sum > 0 ? h : 0)
    }
}
