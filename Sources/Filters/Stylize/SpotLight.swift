import Foundation
import PixelCore

/// CISpotLight: the image lit by a spotlight at `inputLightPosition` (x, y, z; the image lies
/// in the plane z = 0) aimed at `inputLightPointsAt`. A pixel at q sees the beam at angle θ
/// from its axis, cos θ = normalize(q − position) · normalize(pointsAt − position), and its
/// colour is multiplied by colour · brightness · max(cos θ, 0)^(1 / concentration): a smaller
/// concentration focuses the beam more tightly (Apple: "the smaller the value, the more
/// tightly focused"); at the catalogue's identity (brightness 1, concentration 20, white) the
/// light is nearly even. Alpha is kept; the extent is the input's.
/// Lua: `img | CISpotLight{lightPosition = Vector(400, 600, 150), lightPointsAt = Vector(200, 200, 0)}`
public enum SpotLight {
    public static let descriptor = FilterDescriptor(
        .stylize, "CISpotLight", "Spot Light",
        "Lights the image with a coloured spotlight at a 3D position aimed at a point.",
        inputs: [
            .image(),
            .vector(
                "inputLightPosition", "Light Position", type: "CIAttributeTypePosition3", default: [400, 600, 150],
                "Where the light is: x and y in the image's plane, z above it."),
            .vector(
                "inputLightPointsAt", "Light Points At", type: "CIAttributeTypePosition3", default: [200, 200, 0],
                "The point the beam is aimed at."),
            .number(
                "inputBrightness", 3, type: "CIAttributeTypeDistance", min: 0, slider: 0...10, identity: 1,
                "Multiplies the light on the beam's axis."),
            .number(
                "inputConcentration", 0.1, min: 0.001, slider: 0.001...1.5, identity: 20,
                "Spread of the beam: smaller is tighter."),
            InputSpec(
                "inputColor", "Color", class: .color, type: "CIAttributeTypeOpaqueColor", default: .color(Color(1, 1, 1, 1)),
                description: "Colour of the light."),
        ]
    ) { f in
        let p = f.vector("inputLightPosition"), t = f.vector("inputLightPointsAt")
        let light = Light(
            position: SIMD3(p[0], p[1], p[2]), pointsAt: SIMD3(t[0], t[1], t[2]),
            brightness: f.number("inputBrightness"), concentration: f.number("inputConcentration"))
        let c = Transfer.workingPixel(f.color("inputColor"))
        let image = try f.image()
        return Image(
            PositionalPointNode([image], extent: image.extent, opaque: image.isOpaque) { x, y, s, _, _ in
                let k = Float(light.gain(x, y))
                return Pixel(s.x * c.x * k, s.y * c.y * k, s.z * c.z * k, s.w)
            })
    }

    /// The spotlight's geometry and its gain at a point of the image.
    public struct Light: Sendable {
        let position: SIMD3<Double>, axis: SIMD3<Double>, brightness: Double, exponent: Double

        public init(position: SIMD3<Double>, pointsAt: SIMD3<Double>, brightness: Double, concentration: Double) {
            let d = pointsAt - position, n = (d * d).sum().squareRoot()
            self.position = position; axis = n > 0 ? d / n : SIMD3(0, 0, -1)
            self.brightness = brightness; exponent = 1 / max(concentration, 0.001)
        }

        /// brightness · max(cos θ, 0)^(1/concentration) at (x, y, 0).
        public func gain(_ x: Double, _ y: Double) -> Double {
            let d = SIMD3(x, y, 0) - position, n = (d * d).sum().squareRoot()
            guard n > 0 else { return brightness }
            let cosine = (d * axis).sum() / n
            return cosine > 0 ? brightness * pow(cosine, exponent) : 0
        }
    }
}
