import Foundation
import PixelCore

/// CISpotColor: up to three colour ranges replaced by spot colours. Range k holds the pixels
/// whose straight sRGB-encoded colour lies within `inputClosenessK` (Euclidean distance d)
/// of `inputCenterColorK`, weighted w = clamp((closeness − d) / ((1 − contrast)·closeness), 0, 1):
/// 1 near the centre, falling to 0 at the range's edge over a band that narrows as the contrast
/// rises (a hard edge at contrast 1). The pixel becomes mix(colour, replacementK, w) for k = 1, 2, 3 in turn
/// (each weight from the original colour); alpha is kept, the extent is the input's.
/// Lua: `img | CISpotColor{centerColor1 = Color(0.08, 0.06, 0.07), replacementColor1 = Color(0.44, 0.19, 0.2)}`
public enum SpotColor {
    public static let descriptor = FilterDescriptor(
        name: "CISpotColor", displayName: "Spot Color", categories: Category.builtInStylizeLast,
        description:
            "Replaces up to three colour ranges with spot colours.",
        inputs: [.image()] + range(1, [0.0784, 0.0627, 0.0706], [0.4392, 0.1922, 0.1961], 0.22, 0.98)
            + range(2, [0.5255, 0.3059, 0.3451], [0.9137, 0.5608, 0.5059], 0.15, 0.98)
            + range(3, [0.9216, 0.4549, 0.3333], [0.9098, 0.7529, 0.6078], 0.5, 0.99),
        build: { f in
            let spots = (1...3).map { k in
                Spot(
                    center: f.color("inputCenterColor\(k)"), replacement: f.color("inputReplacementColor\(k)"),
                    closeness: f.number("inputCloseness\(k)"), contrast: f.number("inputContrast\(k)"))
            }
            return try f.image().mappedStraight { c in ColorMath.decode(Spot.apply(spots, ColorMath.encode(c))) }
        })

    /// One range: its centre and replacement (sRGB-encoded components) and its edge.
    public struct Spot: Sendable {
        let center: SIMD3<Float>, replacement: SIMD3<Float>, closeness: Float, softness: Float

        public init(center: Color, replacement: Color, closeness: Double, contrast: Double) {
            self.center = SIMD3(Float(center.r), Float(center.g), Float(center.b))
            self.replacement = SIMD3(Float(replacement.r), Float(replacement.g), Float(replacement.b))
            self.closeness = Float(closeness); softness = Float(max(1 - contrast, 0) * closeness)
        }

        /// The weight of this range for an encoded colour.
        public func weight(_ c: SIMD3<Float>) -> Float {
            let e = c - center, d = (e * e).sum().squareRoot()
            if softness <= 0 { return d < closeness ? 1 : 0 }
            return min(max((closeness - d) / softness, 0), 1)
        }

        /// `c` with every range's replacement mixed in, in order.
        public static func apply(_ spots: [Spot], _ c: SIMD3<Float>) -> SIMD3<Float> {
            var out = c
            for s in spots { out += (s.replacement - out) * s.weight(c) }
            return out
        }
    }
}

extension SpotColor {
    /// The four inputs of range k with the catalogue's defaults.
    static func range(
        _ k: Int, _ center: [Double], _ replacement: [Double], _ closeness: Double, _ contrast: Double
    )
        -> [InputSpec]
    {
        [
            InputSpec(
                "inputCenterColor\(k)", "Center Color \(k)", class: .color,
                default: .color(Color(center[0], center[1], center[2], 1)), description: "Centre of colour range \(k)."),
            InputSpec(
                "inputReplacementColor\(k)", "Replacement Color \(k)", class: .color,
                default: .color(Color(replacement[0], replacement[1], replacement[2], 1)),
                description: "The spot colour range \(k) becomes."),
            .number(
                "inputCloseness\(k)", "Closeness \(k)", closeness, min: 0, slider: 0...0.5,
                "Distance from the centre colour still in range \(k)."),
            .number(
                "inputContrast\(k)", "Contrast \(k)", contrast, min: 0, slider: 0...1, "Sharpness of range \(k)'s edge: 1 hard."),
        ]
    }
}
