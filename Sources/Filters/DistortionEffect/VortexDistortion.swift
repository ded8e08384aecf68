import Foundation
import PixelCore

/// CIVortexDistortion: rotates the disc of `inputRadius` around `inputCenter` by
/// θ(d) = angle · (1 − (d/r)²)². Model chosen by Lunette (no public formula): unlike the
/// twirl's falloff this profile is flat at the centre (the core turns almost rigidly, as in a
/// Rankine vortex) and flat at the rim, so the default nine turns wind into tight spiral arms.
/// Lua: `img | CIVortexDistortion{center = Vector(256, 256), radius = 250, angle = 20}`
public enum VortexDistortion {
    public static let descriptor = TwirlDistortion.swirlDescriptor(
        "CIVortexDistortion", "Vortex Distortion",
        "Spins the disc around the centre into a vortex: a nearly rigid core turning by the angle, fading smoothly to the radius.",
        center: "Centre of the vortex.", radius: .discRadius(300, slider: 0...800, identity: 0),
        angle: .number(
            .angle, 56.54866776461628, slider: -94.24777960769379...94.24777960769379, identity: 0,
            "Rotation of the core, in radians (positive is counter-clockwise).")
    ) { angle, t in
        let u = 1 - t * t
        return angle * u * u
    }
}
