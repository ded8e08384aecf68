import Foundation
import PixelCore

/// CILightTunnel: inside `inputRadius` the image is read as the wall of a tube seen end-on,
/// twisted by `inputRotation` per unit of log-depth: a point at distance d samples the source
/// at the same distance, rotated by −rotation · ln(r/d), so radial lines become logarithmic
/// spirals winding into the centre. Model chosen by Lunette (no public formula); outside the
/// radius the image is unchanged. Lua: `img | CILightTunnel{center = Vector(256, 256), rotation = 0.8}`
public enum LightTunnel {
    public static let descriptor = FilterDescriptor(
        name: "CILightTunnel", displayName: "Light Tunnel Distortion",
        categories: [Category.distortionEffect, Category.video, Category.stillImage, Category.builtIn],
        description: "Twists the disc around the centre into a spiralling tunnel whose twist grows with log-depth towards the centre.",
        inputs: [
            .image(),
            .vector("inputCenter", "Center", type: "CIAttributeTypePosition", default: [150, 150],
                    "Centre of the tunnel."),
            .number("inputRotation", "Rotation", type: "CIAttributeTypeAngle", default: 0,
                    sliderMin: 0, sliderMax: 1.570796326794897, identity: 0,
                    "Twist per unit of log-depth, in radians."),
            .number("inputRadius", "Radius", type: "CIAttributeTypeDistance", default: 100,
                    sliderMin: 1, sliderMax: 500, identity: 0, "Radius of the tunnel's mouth, in pixels."),
        ]
    ) { f in
        try requireFinite(f, "inputCenter")
        let image = try f.image()
        let c = f.vector("inputCenter"), r = f.number("inputRadius"), rot = f.number("inputRotation")
        if r <= 0 || rot == 0 { return image }
        return TwirlDistortion.swirl(image, center: Point(c[0], c[1]), radius: r) { t in rot * log(1 / t) }
    }
}
