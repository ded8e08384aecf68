import Foundation
import PixelCore

/// CICircleSplashDistortion: keeps the disc of `inputRadius` around `inputCenter` and
/// fills everything outside it with radial streaks of the rim: a destination point outside
/// the disc samples the rim point on its ray (distance r, same angle).
/// Lua: `img | CICircleSplashDistortion{center = Vector(256, 256), radius = 100}`
public enum CircleSplashDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CICircleSplashDistortion", "Circle Splash Distortion",
        "Keeps the disc around the centre and stretches the pixels of its rim outwards in radial streaks.",
        inputs: [
            .image(), .center("Centre of the disc."),
            .number(
                .radius, default: 150, min: 0,
                sliderMin: 0, sliderMax: 1000, "Radius of the untouched disc, in pixels."),
        ]
    ) { f in
        let (image, center, r) = try f.disc()
        return RadialWarp(
            center: center, radius: r, zone: .outside,
            profile: { _ in (r, 0) },
            bounds: { _, _ in (r, r, 0, 0) }
        ).apply(to: image)
    }
}
