import Foundation
import PixelCore

/// The halftone model shared by the screen filters. Output is a monochrome screen of the
/// input's luminance Y (Rec. 709 weights on the straight, linear-light colour): white paper
/// where the screen's threshold function T(x, y) ∈ [0, 1] lies below Y, black ink elsewhere,
/// with the input's alpha. Each screen's T is uniformly distributed over one period, so the
/// white area fraction equals Y (tone is preserved in linear light), Y = 1 is pure white and
/// Y = 0 pure black. Sharpness is an anti-aliasing width: the ink edge ramps linearly over
/// 1 + (1 − sharpness) · width / 2 pixels (sharpness 1: a one-pixel edge; 0: a soft screen
/// whose ramp spans half a period), converted to threshold units with T's local slope.
enum Halftone {
    static let luma = Pixel(0.2126, 0.7152, 0.0722, 0)

    /// The common inputs, with the catalogue's numbers.
    static let center = InputSpec.vector("inputCenter", "Center", type: "CIAttributeTypePosition", default: [150, 150],
                                         "Origin of the screen.")
    static let angle = InputSpec.number("inputAngle", "Angle", type: "CIAttributeTypeAngle", default: 0,
                                        sliderMin: -.pi, sliderMax: .pi, identity: 0, "Direction of the screen, in radians.")
    static let width = InputSpec.number("inputWidth", "Width", type: "CIAttributeTypeDistance", default: 6, min: 1,
                                        sliderMin: 2, sliderMax: 50, "Period of the screen, in pixels.")
    static let sharpness = InputSpec.number("inputSharpness", "Sharpness", default: 0.7, min: 0, max: 1,
                                            sliderMin: 0, sliderMax: 1, "Edge sharpness: 1 crisp, 0 soft.")

    /// Anti-aliasing width in pixels.
    static func ramp(width w: Double, sharpness s: Double) -> Double { 1 + (1 - s) * w / 2 }

    /// The screen image: `screen` gives (T, ramp width in T units) for one line set, or two
    /// sets in (x, y, z, w) for a crossed screen.
    static func image(_ f: FilterInputs, crossed: Bool = false,
                      screen: @escaping @Sendable (_ frame: TileFrame, _ w: Double, _ ramp: Double, _ x: Double, _ y: Double) -> Pixel) throws -> Image {
        try requireFinite(f, "inputCenter")
        let input = try f.image()
        let c = f.vector("inputCenter"), w = f.number("inputWidth")
        let frame = TileFrame(center: Point(c[0], c[1]), angle: f.values["inputAngle"] == nil ? 0 : f.number("inputAngle"))
        let rho = ramp(width: w, sharpness: f.number("inputSharpness"))
        let gen = Image(GeneratorNode(extent: .infinite) { x, y in screen(frame, w, rho, x, y) })
        return Image(PointNode([input, gen], HalftoneKernel(crossed: crossed), extent: input.extent))
    }

    /// A line screen across local v: black lines through the origin every `w` pixels.
    @inline(__always) static func lines(_ t: Double, _ w: Double, _ rho: Double) -> (Float, Float) {
        let f = t - t.rounded(.down)
        return (Float(abs(2 * f - 1)), Float(rho * 2 / w))
    }

    /// White fraction of a pixel at threshold `t` for tone `y`, ramping over `aa` threshold units.
    /// The tone is stretched by the ramp so that y = 1 is white and y = 0 black everywhere.
    @inline(__always) static func coverage(_ y: Float, _ t: Float, _ aa: Float) -> Float {
        let a = max(aa, 1e-6)
        let stretched = y * (1 + a) - a / 2
        return min(max((stretched - t) / a + 0.5, 0), 1)
    }
}

/// Combines an input with its screen (T₁, aa₁, T₂, aa₂): one line set, or crossed hatching
/// (the first set alone covers tones down to ½, the second adds cross-hatching below:
/// white fraction max(Y, ½) · min(1, 2Y) = Y).
struct HalftoneKernel: PointKernel {
    let crossed: Bool
    var preservesAlpha: Bool { true }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let screen = others[0]
        for i in 0..<count {
            let p = dst[i]
            guard p.w > 0 else { dst[i] = .zero; continue }
            let y = min(max((p * Halftone.luma).sum() / p.w, 0), 1)
            let s = screen[i]
            let g = crossed
                ? Halftone.coverage(max(y, 0.5), s.x, s.y) * Halftone.coverage(min(1, 2 * y), s.z, s.w)
                : Halftone.coverage(y, s.x, s.y)
            let v = g * p.w
            dst[i] = Pixel(v, v, v, p.w)
        }
    }
}
