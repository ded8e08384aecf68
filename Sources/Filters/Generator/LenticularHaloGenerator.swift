import Foundation
import PixelCore

/// CILenticularHaloGenerator: the rainbow ring a lens's diffraction throws around a light,
/// for lens-flare compositing. Each of red, green and blue is a ring of profile
/// max(0, 1 − u²)², u = (d − rᵢ)/(width/2), around `inputCenter`; red lies outermost and blue
/// innermost, rᵢ = radius ± (1 − overlap)·width/2, so overlap 1 gives one ring of `inputColor`
/// and overlap 0 separates the colours fully. Striations scale the ring by
/// max(0, 1 + strength·(2·n(θ)^contrast − 1)), n a sum of angular cosines with integer
/// frequencies whose phases turn with `inputTime` (period 1). Alpha is the brightest channel,
/// capped at 1. Infinite extent. Lua: `CILenticularHaloGenerator{center = Point(200, 150), haloRadius = 90}`
public enum LenticularHaloGenerator {
    /// Striation terms: (angular frequency, weight, phase, turns per unit of time).
    static let striations: [(Double, Double, Double, Double)] = [
        (7, 1, 0.3, 1), (13, 0.8, 1.9, -2), (23, 0.6, 4.1, 3), (37, 0.5, 2.6, -1), (61, 0.4, 5.3, 2),
    ]

    public static let descriptor = FilterDescriptor(
        .generator, "CILenticularHaloGenerator", "Lenticular Halo",
        "A rainbow-coloured halo ring around the centre, with striations, for lens-flare compositing.",
        inputs: [
            .center("Centre of the halo."),
            InputSpec(
                "inputColor", "Color", class: .color, default: .color(Color(1, 0.9, 0.8, 1)),
                description: "The halo's colour (where its rings overlap)."),
            .number(
                "inputHaloRadius", 70, type: "CIAttributeTypeDistance", min: 0, slider: 0...1000, "Radius of the ring's middle."),
            .number(
                "inputHaloWidth", 87, type: "CIAttributeTypeDistance", min: 0, slider: 0...300, "Width of each colour's ring."),
            .number(
                "inputHaloOverlap", 0.77, min: 0, slider: 0...1,
                "How much the red, green and blue rings overlap: 1 one ring, 0 fully separated."),
            .number(
                "inputStriationStrength", 0.5, min: 0, slider: 0...3,
                "How strongly the radial streaks modulate the ring (0: none)."),
            .number("inputStriationContrast", 1, min: 0, slider: 0...5, "Exponent sharpening the streaks."),
            .fraction("inputTime", 0, identity: 0, "Turns the streaks; 0 and 1 give the same halo."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let color = Transfer.workingPixel(f.color("inputColor"))
        let radius = f.number("inputHaloRadius"), half = f.number("inputHaloWidth") / 2
        let shift = (1 - min(max(f.number("inputHaloOverlap"), 0), 1)) * half
        let strength = f.number("inputStriationStrength"), contrast = f.number("inputStriationContrast")
        let time = f.number("inputTime")
        let total = striations.reduce(0) { $0 + $1.1 }
        let rings = SIMD3<Double>(radius + shift, radius, radius - shift)
        return Image(
            GeneratorNode(extent: .infinite) { x, y in
                guard half > 0 else { return .zero }
                let dx = x - cx, dy = y - cy
                let d = (dx * dx + dy * dy).squareRoot()
                let u = (SIMD3(repeating: d) - rings) / half
                let profile = (1 - u * u).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                guard profile.max() > 0 else { return .zero }
                var gain = 1.0
                if strength > 0 {
                    let theta = atan2(dy, dx)
                    var s = 0.0
                    for (k, w, phase, turns) in striations { s += w * cos(k * theta + phase + 2 * .pi * turns * time) }
                    let n = 0.5 + 0.5 * s / total
                    gain = max(0, 1 + strength * (2 * pow(n, contrast) - 1))
                }
                let rgb = SIMD3<Float>(profile * profile * gain) * SIMD3(color.x, color.y, color.z)
                let a = min(rgb.max(), 1)
                return Pixel(min(rgb.x, a), min(rgb.y, a), min(rgb.z, a), a)
            })
    }
}
