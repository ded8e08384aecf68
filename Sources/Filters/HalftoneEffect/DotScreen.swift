import Foundation
import PixelCore

/// CIDotScreen: a classic halftone of round black dots on a square grid of pitch
/// `inputWidth` turned by `inputAngle`, centred on `inputCenter` and its grid translates. The
/// threshold is T = 1 − A(r), A(r) being the area of the disc of radius r (in cell units)
/// inside the unit cell, so each dot's area is exactly the cell's darkness: dots grow, touch at
/// 1 − π/4 and merge into white holes in dark tones. The edge ramp (see `Halftone`) is
/// converted to threshold units with A's slope at the dot edge for the pixel's tone, so a flat
/// tone keeps its mean exactly. Lua: `img | CIDotScreen{angle = math.pi / 4, width = 8}`
public enum DotScreen {
    public static let descriptor = Halftone.descriptor(
        "CIDotScreen", "Dot Screen",
        "Renders the image's luminance as a rotated grid of round dots whose area follows the darkness."
    ) { f in
        let w = f.number("inputWidth")
        let rho = Halftone.ramp(width: w, sharpness: f.number("inputSharpness"))
        return try Halftone.image(f, mode: .dots(slopes: edgeSlopes, scale: Float(rho / w))) { frame, w, _, x, y in
            let (u, v) = frame.local(x, y)
            let fu = u / w - (u / w).rounded(), fv = v / w - (v / w).rounded()
            return Pixel(Float(1 - discInCell((fu * fu + fv * fv).squareRoot()).area), 0, 0, 0)
        }
    }

    /// Area of the disc of radius r centred in the unit square, clipped to it, and its
    /// derivative (the length of the disc's boundary inside the square).
    @inline(__always) static func discInCell(_ r: Double) -> (area: Double, slope: Double) {
        if r <= 0.5 { return (.pi * r * r, 2 * .pi * r) }
        if r * r >= 0.5 { return (1, 0) }
        let a = acos(0.5 / r)
        return (.pi * r * r - 4 * (r * r * a - 0.5 * (r * r - 0.25).squareRoot()), r * (2 * .pi - 8 * a))
    }

    /// dA/dr at the dot edge for the dark tones 0…1 − π/4 (where the dots have merged and
    /// the cell's edges cut the disc), sampled at tone = (1 − π/4)·(k/512)², which keeps the
    /// table smooth near black (the slope grows like √tone there). Lighter tones use the closed
    /// form 2√(π(1 − tone)).
    static let edgeSlopes: [Float] = (0...512).map { k in
        let q = Double(k) / 512
        let target = 1 - (1 - Double.pi / 4) * q * q
        var lo = 0.5, hi = 0.5.squareRoot()
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if discInCell(mid).area < target { lo = mid } else { hi = mid }
        }
        return Float(discInCell((lo + hi) / 2).slope)
    }
}
