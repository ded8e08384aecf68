import Foundation

/// Weight matrices for the kernel-shaped blurs, in `Image.convolved`'s order (row-major
/// from the top row on screen; weight r·n + c reads (x + c − h, y + h − r) for n = 2h + 1).
public enum KernelShapes {
    /// A Gaussian of standard deviation `sigma` along the direction `angle` (radians,
    /// counter-clockwise from +x), cut at 3σ: one sample per pixel of length, each splatted
    /// bilinearly onto the grid; normalised. Returns the weights and the half sizes.
    public static func line(sigma: Double, angle: Double) -> (weights: [Float], hx: Int, hy: Int) {
        let reach = Int((3 * sigma).rounded(.up))
        let ux = cos(angle), uy = sin(angle)
        let hx = Int((Double(reach) * abs(ux)).rounded(.up)) + 1, hy = Int((Double(reach) * abs(uy)).rounded(.up)) + 1
        let cols = 2 * hx + 1, rows = 2 * hy + 1
        var w = [Double](repeating: 0, count: cols * rows)
        for t in -reach...reach {
            let g = exp(-Double(t * t) / (2 * sigma * sigma))
            let px = Double(t) * ux, py = Double(t) * uy
            let x0 = Int(px.rounded(.down)), y0 = Int(py.rounded(.down))
            let fx = px - Double(x0), fy = py - Double(y0)
            for (dx, wx) in [(0, 1 - fx), (1, fx)] {
                for (dy, wy) in [(0, 1 - fy), (1, fy)] where wx * wy > 0 {
                    let c = x0 + dx + hx, r = hy - (y0 + dy)
                    w[r * cols + c] += g * wx * wy
                }
            }
        }
        let sum = w.reduce(0, +)
        return (w.map { Float($0 / sum) }, hx, hy)
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
