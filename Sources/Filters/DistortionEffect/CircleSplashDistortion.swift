import Foundation
import PixelCore

/// CICircleSplashDistortion: keeps the disc of `inputRadius` around `inputCenter` and
/// fills everything outside it with radial streaks of the rim: a destination point outside
/// the disc samples the rim point on its ray (distance r, same angle).
/// Lua: `img | CICircleSplashDistortion{center = Vector(256, 256), radius = 100}`
public enum CircleSplashDistortion {
    public static let descriptor = FilterDescriptor(.distortionEffect, "CICircleSplashDistortion", "Circle Splash Distortion",
        "Keeps the disc around the centre and stretches the pixels of its rim outwards in radial streaks.",
        inputs: [
            .image(),
            .vector(.center, default: [150, 150], "Centre of the disc."),
            .number(.radius, default: 150, min: 0,
                    sliderMin: 0, sliderMax: 1000, "Radius of the untouched disc, in pixels."),
        ]
    ) { f in
        try requireFinite(f, "inputCenter")
        let image = try f.image()
        let c = f.vector("inputCenter"), r = f.number("inputRadius")
        return RadialWarp(
            center: Point(c[0], c[1]), radius: r, zone: .outside,
            profile: { _ in (r, 0) },
            bounds: { _, _ in (r, r, 0, 0) }
        ).apply(to: image)
    }
}
