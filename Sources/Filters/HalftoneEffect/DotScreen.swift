import Foundation
import PixelCore

/// CIDotScreen: a classic halftone of round black dots on a square grid of pitch
/// `inputWidth` turned by `inputAngle`, centred on `inputCenter` and its grid translates. The
/// threshold is T = 1 − A(r), A(r) being the area of the disc of radius r (in cell units)
/// inside the unit cell, so each dot's area is exactly the cell's darkness: dots grow, touch at
/// 1 − π/4 and merge into white holes in dark tones. See `Halftone` for the sharpness model.
/// Lua: `img | CIDotScreen{angle = math.pi / 4, width = 8}`
public enum DotScreen {
    public static let descriptor = FilterDescriptor(
        name: "CIDotScreen", displayName: "Dot Screen",
        categories: [Category.halftoneEffect, Category.video, Category.stillImage, Category.builtIn],
        description: "Renders the image's luminance as a rotated grid of round dots whose area follows the darkness.",
        inputs: [.image(), Halftone.center, Halftone.angle, Halftone.width, Halftone.sharpness]
    ) { f in
        try Halftone.image(f) { frame, w, rho, x, y in
            let (u, v) = frame.local(x, y)
            let fu = u / w - (u / w).rounded(), fv = v / w - (v / w).rounded()
            let r = (fu * fu + fv * fv).squareRoot()
            let (area, slope) = discInCell(r)
            return Pixel(Float(1 - area), Float(max(rho * slope / w, 1e-4)), 0, 0)
        }
    }

    /// Area of the disc of radius r centred in the unit square, clipped to it, and its derivative.
    @inline(__always) static func discInCell(_ r: Double) -> (Double, Double) {
        if r <= 0.5 { return (.pi * r * r, 2 * .pi * r) }
        if r * r >= 0.5 { return (1, 0) }
        let a = acos(0.5 / r)
        return (.pi * r * r - 4 * (r * r * a - 0.5 * (r * r - 0.25).squareRoot()), r * (2 * .pi - 8 * a))
    }
}
