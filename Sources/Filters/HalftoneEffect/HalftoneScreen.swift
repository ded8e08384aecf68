import Foundation
import PixelCore

/// The halftone model shared by the screen filters. Output is a monochrome screen of the
/// input's luminance Y (Rec. 709 weights on the straight, linear-light colour): white paper
/// where the screen's threshold function T(x, y) ∈ [0, 1] lies below Y, black ink elsewhere,
/// with the input's alpha. Each screen's T is uniformly distributed over one period, so the
/// white area fraction equals Y (tone is preserved in linear light), Y = 1 is pure white and
/// Y = 0 pure black (tones within 10⁻⁵ of either end are snapped to it). Sharpness is an anti-aliasing width: the ink edge ramps linearly over
/// 1 + (1 − sharpness) · width / 2 pixels (sharpness 1: a one-pixel edge; 0: a soft screen
/// whose ramp spans half a period), converted to threshold units with T's local slope and
/// capped at the whole threshold range; the ramp's centre is placed so that the mean stays Y.
enum Halftone {
    static let luma = Pixel(0.2126, 0.7152, 0.0722, 0)

    /// The common inputs, with the catalogue's numbers.
    static let center = InputSpec.vector(
        .center, default: [150, 150],
        "Origin of the screen.")
    static let angle = InputSpec.number(
        .angle, default: 0,
        sliderMin: -.pi, sliderMax: .pi, identity: 0, "Direction of the screen, in radians.")
    static let width = InputSpec.number(
        .width, default: 6, min: 1,
        sliderMin: 2, sliderMax: 50, "Period of the screen, in pixels.")
    static let sharpness = InputSpec.number(
        .sharpness, default: 0.7, min: 0, max: 1,
        sliderMin: 0, sliderMax: 1, "Edge sharpness: 1 crisp, 0 soft.")

    /// A screen's declaration: the image, centre, angle (where `angled`), width and
    /// sharpness inputs, and the body that renders the screen from them.
    static func descriptor(
        _ name: String, _ displayName: String, angled: Bool = true, _ description: String,
        build: @escaping (FilterInputs) throws -> Image
    ) -> FilterDescriptor {
        let inputs: [InputSpec] = angled ? [.image(), center, angle, width, sharpness] : [.image(), center, width, sharpness]
        return FilterDescriptor(.halftoneEffect, name, displayName, description, inputs: inputs, build: build)
    }

    /// Anti-aliasing width in pixels.
    static func ramp(width w: Double, sharpness s: Double) -> Double { 1 + (1 - s) * w / 2 }

    /// The screen image: `screen` gives (T, ramp width in T units) for one line set, or two
    /// sets in (x, y, z, w) for a crossed screen. `angled`: the filter has an `inputAngle`.
    static func image(
        _ f: FilterInputs, mode: HalftoneKernel.Mode = .lines, angled: Bool = true,
        screen: @escaping @Sendable (_ frame: TileFrame, _ w: Double, _ ramp: Double, _ x: Double, _ y: Double) -> Pixel
    ) throws -> Image {
        try requireFinite(f, "inputCenter")
        let input = try f.image()
        let c = f.vector("inputCenter"), w = f.number("inputWidth")
        let frame = TileFrame(center: Point(c[0], c[1]), angle: angled ? f.number("inputAngle") : 0)
        let rho = ramp(width: w, sharpness: f.number("inputSharpness"))
        let gen = Image(GeneratorNode(extent: .infinite) { x, y in screen(frame, w, rho, x, y) })
        return Image(PointNode([input, gen], HalftoneKernel(mode: mode), extent: input.extent))
    }

    /// A line screen across local v: black lines through the origin every `w` pixels.
    @inline(__always) static func lines(_ t: Double, _ w: Double, _ rho: Double) -> (Float, Float) {
        let f = t - t.rounded(.down)
        return (Float(abs(2 * f - 1)), Float(rho * 2 / w))
    }

    /// White fraction of a pixel at threshold `t` for tone `y`, the edge ramping over `aa`
    /// threshold units (at most 1). The ramp's centre s is chosen so that the mean over a
    /// uniformly distributed threshold is exactly y: s = y in mid-tones, and near the ends,
    /// where the ramp is cut off, s = √(2·aa·y) − aa/2 (and its mirror image) — so y = 0 and
    /// y = 1 give pure black and white.
    @inline(__always) static func coverage(_ y: Float, _ t: Float, _ aa: Float) -> Float {
        if y <= 0 { return 0 }
        if y >= 1 { return 1 }
        let a = min(max(aa, 1e-6), 1)
        let s: Float
        if y < a / 2 {
            s = (2 * a * y).squareRoot() - a / 2
        } else if y > 1 - a / 2 {
            s = 1 + a / 2 - (2 * a * (1 - y)).squareRoot()
        } else {
            s = y
        }
        return min(max((s - t) / a + 0.5, 0), 1)
    }
}

/// Combines an input with its screen (T₁, aa₁, T₂, aa₂). `lines`: one line set. `crossed`:
/// hatching — the first set alone covers tones down to ½, the second adds cross-hatching below
/// (white fraction max(Y, ½) · min(1, 2Y) = Y). `dots`: T₁ only; the ramp width in threshold
/// units is `scale` times the dot-edge slope for the pixel's tone (`DotScreen.edgeSlopes`).
struct HalftoneKernel: PointKernel {
    enum Mode: Sendable { case lines, crossed, dots(slopes: [Float], scale: Float) }
    let mode: Mode
    var preservesAlpha: Bool { true }

    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let screen = others[0]
        switch mode {
        case .lines: run(dst, count) { y, i in Halftone.coverage(y, screen[i].x, screen[i].y) }
        case .crossed:
            run(dst, count) { y, i in
                let s = screen[i]
                return Halftone.coverage(max(y, 0.5), s.x, s.y) * Halftone.coverage(min(1, 2 * y), s.z, s.w)
            }
        case .dots(let slopes, let scale):
            slopes.withUnsafeBufferPointer { table in
                let last = Float(table.count - 1), merged = 1 - Float.pi / 4
                run(dst, count) { y, i in
                    let slope: Float
                    if y >= merged {
                        slope = 2 * (Float.pi * (1 - y)).squareRoot()
                    } else {
                        let f = (y / merged).squareRoot() * last, k = min(Int(f), table.count - 2), t = f - Float(k)
                        slope = table[k] + (table[k + 1] - table[k]) * t
                    }
                    return Halftone.coverage(y, screen[i].x, max(scale * slope, 1e-4))
                }
            }
        }
    }

    /// Replaces each pixel by grey `white(Y, index)` times its alpha.
    @inline(__always) func run(_ dst: UnsafeMutablePointer<Pixel>, _ count: Int, _ white: (Float, Int) -> Float) {
        for i in 0..<count {
            let p = dst[i]
            guard p.w > 0 else { dst[i] = .zero; continue }
            // Snap rounding noise so that pure white and black stay exactly white and black.
            var y = (p * Halftone.luma).sum() / p.w
            y = y > 0.99999 ? 1 : y < 1e-5 ? 0 : y
            let v = white(y, i) * p.w
            dst[i] = Pixel(v, v, v, p.w)
        }
    }
}
