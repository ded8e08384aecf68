import Foundation
import PixelCore

/// CIBokehBlur: a lens-style blur whose kernel is a disc of the radius with a smooth edge
/// `softness` pixels wide and a rim `ringSize`·radius wide made up to twice as bright by
/// `ringAmount` (`KernelShapes.bokeh`), correlated directly (cost grows with the disc's
/// area). The input is transparent outside its extent, which grows by the disc.
/// Lua: `img | CIBokehBlur{radius = 10, ringAmount = 0.5}`
public enum BokehBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIBokehBlur", "Bokeh Blur", "Blurs like an out-of-focus lens: a disc kernel with an optional bright rim.",
        inputs: [
            .image(), .number(.radius, 20, in: 0...500, slider: 0...100, "Radius of the bokeh disc, in pixels."),
            .fraction("inputRingAmount", 0, "How much brighter the disc's rim is."),
            .number("inputRingSize", 0.1, in: 0...0.2, slider: 0...0.2, "Width of the rim, as a fraction of the radius."),
            .number("inputSoftness", 1, in: 0...10, slider: 0.25...0.4, "Width of the disc's soft edge, in pixels."),
        ]
    ) { f in
        let image = try f.image()
        let values = ["inputRadius", "inputRingAmount", "inputRingSize", "inputSoftness"].map { f.number($0) }
        guard values.allSatisfy(\.isFinite) else { throw LunetteError.invalid("CIBokehBlur: inputs must be finite") }
        let radius = min(max(values[0], 0), 500)
        guard radius > 0 else { return image }
        let k = KernelShapes.bokeh(
            radius: radius, ringAmount: min(max(values[1], 0), 1),
            ringSize: min(max(values[2], 0), 1), softness: min(max(values[3], 0), 10))
        guard k.half > 0 else { return image }
        return image.convolved(k.weights, columns: 2 * k.half + 1, rows: 2 * k.half + 1, bias: 0)
    }
}
