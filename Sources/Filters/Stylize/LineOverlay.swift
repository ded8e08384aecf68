import Foundation
import PixelCore

/// CILineOverlay: a sketch of the image's outlines in black, transparent elsewhere, made as
/// Core Image documents it: noise reduction (CINoiseReduction with the NR level and
/// sharpness), edge detection (CIEdges with the edge intensity), then a threshold with a
/// contrast slope on the edges' luminance m: alpha = clamp((m − threshold) · contrast, 0, 1)
/// times the image's alpha, colour black. The extent is the input's.
/// Lua: `photo | CILineOverlay{} | CISourceOverCompositing{backgroundImage = photo}`
public enum LineOverlay {
    public static let descriptor = FilterDescriptor(
        name: "CILineOverlay", displayName: "Line Overlay", categories: Category.builtInStylizeLast,
        description:
            "Traces the image's edges in black and leaves the rest transparent, like a pencil sketch.",
        inputs: [
            .image(),
            .number(
                "inputNRNoiseLevel", "NR Noise Level", 0.07, min: 0, slider: 0...0.1, identity: 0,
                "Noise reduction: luminance steps below this are smoothed away first."),
            .number(
                "inputNRSharpness", "NR Sharpness", 0.71, min: 0, slider: 0...2, identity: 0,
                "Noise reduction: sharpening of the edges that remain."),
            .number(
                "inputEdgeIntensity", 1, min: 0, slider: 0...200, identity: 0,
                "Multiplies the edge strength before the threshold."),
            .number("inputThreshold", 0.1, min: 0, slider: 0...1, identity: 0, "Edge strength below which nothing is drawn."),
            .number(
                "inputContrast", 50, min: 0.25, slider: 0.25...200, identity: 1, "Slope of the lines' alpha above the threshold."),
        ],
        build: { f in
            let image = try f.image()
            let edges = try image.through(
                NoiseReduction.descriptor,
                [
                    "inputNoiseLevel": .number(f.number("inputNRNoiseLevel")),
                    "inputSharpness": .number(f.number("inputNRSharpness")),
                ]
            ).through(Edges.descriptor, ["inputIntensity": .number(f.number("inputEdgeIntensity"))])
            let t = Float(f.number("inputThreshold")), k = Float(f.number("inputContrast"))
            return image.zipped(with: edges, extent: image.extent) { s, e in
                let m = e.x * 0.2126 + e.y * 0.7152 + e.z * 0.0722
                return Pixel(0, 0, 0, min(max((m - t) * k, 0), 1) * s.w)
            }
        })
}
