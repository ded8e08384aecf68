import Foundation
import PixelCore

/// CICircleSplashDistortion: keeps the disc of `inputRadius` around `inputCenter` and
/// fills everything outside it with radial streaks of the rim: a destination point outside
/// the disc samples the rim point on its ray (distance r, same angle).
/// Lua: `img | CICircleSplashDistortion{center = Vector(256, 256), radius = 100}`
public enum CircleSplashDistortion {
    public static let descriptor = FilterDescriptor(
        disc: "CICircleSplashDistortion", "Circle Splash Distortion",
        "Keeps the disc around the centre and stretches the pixels of its rim outwards in radial streaks.",
        center: "Centre of the disc.", radius: .discRadius(150, slider: 0...1000, "Radius of the untouched disc, in pixels.")
    ) { f, image, center, r in
        return RadialWarp(
            center: center, radius: r, zone: .outside,
            profile: { _ in (r, 0) },
            bounds: { _, _ in (r, r, 0, 0) }
        ).apply(to: image)
    }
}
