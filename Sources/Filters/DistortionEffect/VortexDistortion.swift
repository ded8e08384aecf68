import Foundation
import PixelCore

/// CIVortexDistortion: rotates the disc of `inputRadius` around `inputCenter` by
/// θ(d) = angle · (1 − (d/r)²)². Model chosen by Lunette (no public formula): unlike the
/// twirl's falloff this profile is flat at the centre (the core turns almost rigidly, as in a
/// Rankine vortex) and flat at the rim, so the default nine turns wind into tight spiral arms.
/// Lua: `img | CIVortexDistortion{center = Vector(256, 256), radius = 250, angle = 20}`
public enum VortexDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIVortexDistortion", "Vortex Distortion",
        "Spins the disc around the centre into a vortex: a nearly rigid core turning by the angle, fading smoothly to the radius.",
        inputs: [
            .image(), .center("Centre of the vortex."),
            .number(
                .radius, default: 300, min: 0,
                sliderMin: 0, sliderMax: 800, identity: 0, "Radius of the affected disc, in pixels."),
            .number(
                .angle, default: 56.54866776461628,
                sliderMin: -94.24777960769379, sliderMax: 94.24777960769379, identity: 0,
                "Rotation of the core, in radians (positive is counter-clockwise)."),
        ]
    ) { f in
        let (image, center, r) = try f.disc()
        let angle = f.number("inputAngle")
        if r <= 0 || angle == 0 { return image }
        return TwirlDistortion.swirl(image, center: center, radius: r) { t in
            let u = 1 - t * t
            return angle * u * u
        }
    }
}
