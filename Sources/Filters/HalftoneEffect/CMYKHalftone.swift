import Foundation
import PixelCore

/// CICMYKHalftone: a four-ink print simulation. The straight colour, sRGB-encoded (device
/// values, as separations are made), separates into C, M, Y = 1 − R, G, B; black takes the
/// grey component k₀ = min(C, M, Y): K = GCR·k₀, and the colours lose the share
/// UCR + (1 − UCR)·GCR of it (so GCR 1 moves all grey into black, GCR 0 prints no black).
/// Each ink is a CIDotScreen-style round-dot screen of pitch `inputWidth` around
/// `inputCenter`, at `inputAngle` plus its classic angle (C 15°, M 75°, Y 0°, K 45°), whose
/// dot area is the ink amount; the dot edge ramps as CIDotScreen's. Paper is white; each ink
/// absorbs its primary: R = (1 − c)(1 − k), G = (1 − m)(1 − k), B = (1 − y)(1 − k) of the
/// inks' coverages, times the input's alpha. The extent is the input's.
/// Lua: `img | CICMYKHalftone{width = 8, angle = 0.2}`
public enum CMYKHalftone {
    /// The screens' angles, added to `inputAngle`: cyan, magenta, yellow, black.
    static let inkAngles = [15.0, 75.0, 0.0, 45.0].map { $0 * .pi / 180 }

    public static let descriptor = FilterDescriptor(
        .halftoneEffect, "CICMYKHalftone", "CMYK Halftone",
        "Simulates cyan, magenta, yellow and black ink dots on white paper, with gray-component replacement and under-color removal.",
        inputs: [
            .image(), Halftone.center,
            .number(.width, 6, min: -2, slider: 2...100, identity: 6, "Pitch of the dot screens, in pixels."),
            Halftone.angle,
            .number(
                "inputSharpness", 0.7, type: "CIAttributeTypeDistance", min: 0, slider: 0...1,
                "Dot edge sharpness: 1 crisp, 0 soft."),
            .number(
                "inputGCR", "Gray Component Replacement", 1, min: 0, slider: 0...1, identity: 1,
                "Share of the grey component (the least of C, M, Y) printed as black."),
            .number(
                "inputUCR", "Under Color Removal", 0.5, min: 0, slider: 0...1, identity: 0.5,
                "Share of that black removed from the colours under it when GCR is below 1."),
        ]
    ) { f in
        try requireFinite(f, "inputCenter")
        let image = try f.image()
        let c = f.vector("inputCenter"), w = abs(f.number("inputWidth")), angle = f.number("inputAngle")
        let gcr = Float(min(f.number("inputGCR"), 1)), ucr = Float(min(f.number("inputUCR"), 1))
        let removal = ucr + (1 - ucr) * gcr
        let frames = inkAngles.map { TileFrame(center: Point(c[0], c[1]), angle: angle + $0) }
        let scale = Halftone.ramp(width: w, sharpness: min(f.number("inputSharpness"), 1)) / max(w, 1e-9)
        guard w >= 1 else { throw LunetteError.invalid("CICMYKHalftone.inputWidth: the screen pitch must be at least 1 pixel") }
        return Image(
            PositionalPointNode([image], extent: image.extent) { x, y, p, _, _ in
                guard p.w > 0 else { return .zero }
                let cmy = 1 - ColorMath.encode(ColorMath.rgb(p)).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                let k0 = cmy.min(), k = gcr * k0
                let inks = SIMD4<Float>(cmy - removal * k, k)
                var paper = SIMD4<Float>(repeating: 1)
                for i in 0..<4 {
                    // The ink's round dot in its own cell: threshold 1 − area, ramp by the local slope.
                    let (u, v) = frames[i].local(x, y)
                    let fu = u / w - (u / w).rounded(), fv = v / w - (v / w).rounded()
                    let disc = DotScreen.discInCell((fu * fu + fv * fv).squareRoot())
                    let aa = Float(max(scale * disc.slope, 1e-4))
                    paper[i] = Halftone.coverage(1 - inks[i], Float(1 - disc.area), aa)
                }
                let rgb = SIMD3(paper.x, paper.y, paper.z) * paper.w
                return ColorMath.pixel(rgb, p.w)
            })
    }
}
